import { Client } from '@hubspot/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../index.ts';

let sandbox: Sandbox;

const portalWithToken = (name: string) => {
  const portal = sandbox.hubspotState.createPortal({ name });
  const { accessToken } = sandbox.hubspotState.issueToken(portal.id);
  return {
    portalId: portal.id,
    accessToken,
    client: new Client({ accessToken, basePath: sandbox.hubspot.url }),
  };
};

const get = (token: string, path: string) =>
  fetch(`${sandbox.hubspot.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });

const postJson = (token: string, path: string, body: unknown) =>
  fetch(`${sandbox.hubspot.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeEach(async () => {
  sandbox = await startSandbox({ hubspotSearchIndexDelayMs: 0 });
});

afterEach(async () => {
  vi.useRealTimers();
  await sandbox.close();
});

describe('HubSpot’s rules in the stand-in', () => {
  it('allows 110 requests per rolling 10 seconds per portal, then answers 429 TEN_SECONDLY_ROLLING', async () => {
    const a = portalWithToken('A');
    const b = portalWithToken('B');
    const first = await get(a.accessToken, '/crm/v3/objects/contacts');
    expect(first.headers.get('x-hubspot-ratelimit-max')).toBe('110');
    expect(first.headers.get('x-hubspot-ratelimit-remaining')).toBe('109');
    expect(first.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('10000');
    expect(first.headers.get('x-hubspot-ratelimit-daily')).not.toBeNull();
    expect(first.headers.get('x-hubspot-ratelimit-daily-remaining')).not.toBeNull();
    expect(first.headers.get('x-hubspot-ratelimit-secondly')).not.toBeNull();
    expect(first.headers.get('x-hubspot-ratelimit-secondly-remaining')).not.toBeNull();
    await Promise.all(
      Array.from({ length: 109 }, () =>
        get(a.accessToken, '/crm/v3/objects/contacts').then((response) => response.arrayBuffer()),
      ),
    );
    const limited = await get(a.accessToken, '/crm/v3/objects/contacts');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-hubspot-ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toMatchObject({
      status: 'error',
      message: 'You have reached your ten_secondly_rolling limit.',
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
    });
    await expect(a.client.crm.contacts.basicApi.getPage()).rejects.toMatchObject({ code: 429 });
    expect((await get(b.accessToken, '/crm/v3/objects/contacts')).status).toBe(200);
  });

  it('allows five searches per second per portal', async () => {
    const { accessToken } = portalWithToken('Search');
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        postJson(accessToken, '/crm/v3/objects/contacts/search', {}).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });

  it('rejects batches over 100 inputs', async () => {
    const { client } = portalWithToken('Batch');
    const inputs = Array.from({ length: 101 }, (_, index) => ({
      properties: { email: `c${index}@example.com` },
      associations: [],
    }));
    await expect(client.crm.contacts.batchApi.create({ inputs })).rejects.toMatchObject({
      code: 400,
      body: { category: 'VALIDATION_ERROR' },
    });
    expect(sandbox.hubspotState.records(sandbox.hubspotState.portals()[0]?.id ?? 0, 'contacts')).toHaveLength(
      0,
    );
  });

  it('refuses a whole upsert batch for one bad input, and answers a batch read’s missing ids with 207', async () => {
    const { client, accessToken, portalId } = portalWithToken('Partial');
    await expect(
      client.crm.contacts.batchApi.upsert({
        inputs: [
          { id: 'good@example.com', idProperty: 'email', properties: { firstname: 'Good' } },
          { id: 'bad@example.com', idProperty: 'email', properties: { no_such_property: 'x' } },
        ],
      }),
    ).rejects.toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR' } });
    expect(sandbox.hubspotState.records(portalId, 'contacts')).toHaveLength(0);
    const raw = await postJson(accessToken, '/crm/v3/objects/contacts/batch/read', {
      inputs: [{ id: '1' }],
      properties: [],
    });
    expect(raw.status).toBe(207);
    expect(await raw.json()).toMatchObject({
      status: 'COMPLETE',
      numErrors: 1,
      errors: [{ category: 'OBJECT_NOT_FOUND', context: { ids: ['1'] } }],
    });
  });

  it('keeps new records out of search until the indexing delay has passed', async () => {
    // The stand-in reads the time from Date: the test moves it on instead of sleeping out the delay,
    // which a busy machine's slow round trip could outrun (the record then showed up at once).
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client } = portalWithToken('Index');
    sandbox.hubspotState.setSearchIndexDelay(200);
    await client.crm.contacts.basicApi.create({
      properties: { email: 'late@example.com' },
      associations: [],
    });
    const search = () =>
      client.crm.contacts.searchApi.doSearch({
        filterGroups: [],
        sorts: [],
        properties: [],
        limit: 10,
        after: '0',
      });
    expect((await search()).total).toBe(0);
    vi.advanceTimersByTime(199);
    expect((await search()).total).toBe(0);
    vi.advanceTimersByTime(1);
    expect((await search()).total).toBe(1);
  });

  it('keeps a request log per portal, so tenant A’s data only reaches portal A', async () => {
    const a = portalWithToken('Tenant A');
    const b = portalWithToken('Tenant B');
    await a.client.crm.contacts.basicApi.create({ properties: { email: 'a@tenant.test' }, associations: [] });
    await b.client.crm.contacts.basicApi.create({ properties: { email: 'b@tenant.test' }, associations: [] });
    await b.client.crm.deals.basicApi.getPage();
    const logA = sandbox.hubspotState.requestLog(a.portalId);
    expect(logA.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['POST', '/crm/v3/objects/contacts', 201],
    ]);
    expect(JSON.stringify(logA)).not.toContain('b@tenant.test');
    expect(sandbox.hubspotState.log.count(b.portalId, { path: '/crm/v3/objects/' })).toBe(2);
    expect(
      sandbox.hubspotState.records(a.portalId, 'contacts').map((contact) => contact.properties.email),
    ).toEqual(['a@tenant.test']);
    expect(
      (
        await get(
          a.accessToken,
          `/crm/v3/objects/contacts/${sandbox.hubspotState.records(b.portalId, 'contacts')[0]?.id ?? ''}`,
        )
      ).status,
    ).toBe(404);
  });

  it('answers unknown object types and routes with 404 in HubSpot’s error shape', async () => {
    const { accessToken } = portalWithToken('Unknown');
    const unknownType = await get(accessToken, '/crm/v3/objects/tickets');
    expect(unknownType.status).toBe(404);
    expect(await unknownType.json()).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
    expect((await get(accessToken, '/crm/v9/nothing')).status).toBe(404);
  });
});
