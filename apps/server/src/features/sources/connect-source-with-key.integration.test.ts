import { eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  restrictedKeyPermissions,
  sourceWebhookPath,
  type Backfill,
  type Source,
} from '@billbridge/contract';
import { devMail, source } from '../../db/schema.ts';
import { startWorker } from '../../main/start-worker.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { connectionsBed, resultOf, sandboxOf, type ConnectionsBed } from '../../testing/connections.ts';
import { listenForWebhooks, ruleOf, seedDestination, stripeEventOf } from '../../testing/sync.ts';
import { errorOf } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

/** Every permission the source page lists, as the sandbox's dashboard gives them. */
const fullPermissions = Object.fromEntries(
  restrictedKeyPermissions.map(({ resource, access }) => [resource, access]),
);

describe('a source connected with a restricted key (issue 36 §3)', () => {
  let bed: ConnectionsBed;
  let stopWorker: () => void;
  beforeAll(async () => {
    bed = await connectionsBed();
    await listenForWebhooks(bed.t);
    stopWorker = await startWorker(bed.t.context);
  });
  afterAll(async () => {
    stopWorker();
    await bed.t.close();
  });

  const sandbox = () => sandboxOf(bed.t.context).stripeState;
  /** A Stripe account of its own (not connected to the platform) and a key of it. */
  const accountWithKey = (permissions: Record<string, string> = fullPermissions) => {
    const account = sandbox().createAccount({ name: 'Key Co' }).id;
    const key = sandbox().createRestrictedKey(account, permissions as Record<string, 'read' | 'write'>);
    return { account, key };
  };
  const connectWithKey = (subscriptionId: string, sourceId: string, key: string) =>
    bed.call('connectSourceWithKey', { subscriptionId, sourceId, key });
  const getSource = async (subscriptionId: string, sourceId: string) =>
    resultOf<Source>(await bed.call('getSource', { subscriptionId, sourceId }));
  const rowOf = async (sourceId: string) =>
    (await bed.t.context.database.db.select().from(source).where(eq(source.id, sourceId)))[0];

  it('connects with a key that has every permission, seals it and registers its own endpoint', async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const { account, key } = accountWithKey();

    const { source: connected } = resultOf<{ source: Source }>(
      await connectWithKey(subscriptionId, sourceId, key),
    );

    expect(connected).toMatchObject({
      status: 'connected',
      connection_kind: 'restricted_key',
      needs_reconnect: false,
    });
    const endpoints = sandbox().accountWebhookEndpoints(account);
    expect(endpoints.map(({ url, status }) => ({ path: new URL(url).pathname, status }))).toEqual([
      { path: sourceWebhookPath(sourceId), status: 'enabled' },
    ]);
    expect(endpoints[0]?.enabled_events).toEqual(
      expect.arrayContaining(['customer.created', 'invoice.paid']),
    );
    const row = await rowOf(sourceId);
    expect(row?.accountId).toBe(endpoints[0]?.id);
    expect(row?.restrictedKeySealed).not.toContain(key.slice(8));
    expect(row?.webhookSecretSealed).not.toContain(endpoints[0]?.secret.slice(6));
    expect(JSON.stringify(connected)).not.toContain(key.slice(8));
  });

  it.each([
    ['sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'secretKeyRefused'],
    ['pk_test_TYooMQauvdEDq54NiTphI7jx', 'publishableKeyRefused'],
    ['whsec_not_a_key', 'notRestrictedKey'],
  ])('refuses %s with %s, changing nothing', async (key, messageKey) => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const before = await snapshotDb(bed.t.context.database.db);
    const answer = await connectWithKey(subscriptionId, sourceId, key);
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).details).toEqual({ messageKey });
    expect(await snapshotDb(bed.t.context.database.db)).toEqual(before);
  });

  it.each(restrictedKeyPermissions.map((permission) => [permission.resource, permission.messageKey]))(
    'names the missing permission on %s (%s) and registers nothing',
    async (resource, messageKey) => {
      const { subscriptionId, sourceId } = await bed.newSource();
      const { [resource]: _missing, ...rest } = fullPermissions;
      const { account, key } = accountWithKey(rest);
      const answer = await connectWithKey(subscriptionId, sourceId, key);
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body)).toMatchObject({ status: 'FAILED_PRECONDITION', details: { messageKey } });
      expect(sandbox().accountWebhookEndpoints(account)).toEqual([]);
      expect(await getSource(subscriptionId, sourceId)).toMatchObject({ status: 'not_connected' });
    },
  );

  it('refuses a key Stripe does not know', async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const { key } = accountWithKey();
    sandbox().revokeRestrictedKey(key);
    const answer = await connectWithKey(subscriptionId, sourceId, key);
    expect(errorOf(answer.body).details).toEqual({ messageKey: 'keyNotRecognized' });
  });

  it('syncs the events its endpoint delivers, verified against its own secret', async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const { account, key } = accountWithKey();
    const { portalId } = await seedDestination(bed.t.context, subscriptionId, [
      ruleOf('active', 'closedwon'),
    ]);
    resultOf(await connectWithKey(subscriptionId, sourceId, key));
    resultOf(
      await bed.call('saveSource', { subscriptionId, sourceId, name: 'Keyed', enabled: true, settings: {} }),
    );

    sandbox().createCustomer(account, { email: 'keyed@example.com', name: 'Keyed Customer' });

    const contact = await waitFor(
      () =>
        sandboxOf(bed.t.context)
          .hubspotState.records(portalId, 'contacts')
          .find((record) => record.properties.email === 'keyed@example.com'),
      { what: 'the contact in HubSpot', timeoutMs: 30_000 },
    );
    expect(contact.properties.firstname ?? contact.properties.lastname).toBeTruthy();

    // Signed with the Connect secret, not this endpoint's: refused.
    const body = JSON.stringify(stripeEventOf());
    const forged = await bed.t.app.inject({
      method: 'POST',
      url: sourceWebhookPath(sourceId),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: bed.t.context.providers.stripe?.webhookSecret ?? '',
        }),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
  });

  it('shows a key Stripe revoked as a lost connection, mailed once, its switch kept', async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const { key } = accountWithKey();
    resultOf(await connectWithKey(subscriptionId, sourceId, key));
    resultOf(
      await bed.call('saveSource', {
        subscriptionId,
        sourceId,
        name: 'Revoked',
        enabled: true,
        settings: {},
      }),
    );
    resultOf(await bed.call('startBackfill', { subscriptionId, sourceId }));
    const latestImport = async () =>
      resultOf<{ backfill: Backfill }>(await bed.call('getBackfillProgress', { subscriptionId, sourceId }))
        .backfill;
    await waitFor(async () => (await latestImport()).status === 'done', { what: 'the first import' });

    sandbox().revokeRestrictedKey(key);
    resultOf(await bed.call('startBackfill', { subscriptionId, sourceId }));

    const lost = await waitFor(async () => {
      const read = await getSource(subscriptionId, sourceId);
      return read.needs_reconnect && read;
    });
    expect(lost).toMatchObject({ status: 'not_connected', enabled: true, connection_kind: null });
    const mails = await waitFor(async () => {
      const sent = await bed.t.context.database.db
        .select()
        .from(devMail)
        .where(like(devMail.text, `%/${sourceId}%`));
      return sent.length > 0 && sent;
    });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [bed.admin.email, 'Reconnect Stripe for Seeded workspace'],
    ]);
    expect(await rowOf(sourceId)).toMatchObject({ restrictedKeySealed: null, webhookSecretSealed: null });
  });

  it('removes its endpoint from the Stripe account on disconnect', async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const { account, key } = accountWithKey();
    resultOf(await connectWithKey(subscriptionId, sourceId, key));
    expect(sandbox().accountWebhookEndpoints(account)).toHaveLength(1);

    resultOf(await bed.call('disconnectSource', { subscriptionId, sourceId }));

    expect(sandbox().accountWebhookEndpoints(account)).toEqual([]);
    expect(await getSource(subscriptionId, sourceId)).toMatchObject({
      status: 'not_connected',
      connection_kind: null,
    });
    expect(await rowOf(sourceId)).toMatchObject({ restrictedKeySealed: null, webhookEndpointId: null });
  });
});
