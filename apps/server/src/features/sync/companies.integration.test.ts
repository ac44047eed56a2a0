import { Client } from '@hubspot/api-client';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/companies/models/Filter.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import {
  billingSubscriptionOf,
  postAndSettle,
  schemaScopes,
  seedSyncedWorkspace,
  syncBed,
  stripeEventOf,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

const companyScopes = ['crm.objects.companies.read', 'crm.objects.companies.write'];

/**
 * Customers on a business domain are associated, with their deals, with the HubSpot company of
 * that domain (decision 067): found or made once, shared, never for free-mail or disposable domains.
 */
describe('Companies from e-mail domains', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;
  let world: SyncedWorkspace;
  let created = 1_700_000_000;

  /** Posts one signed event of `account` and waits until its activity settles. */
  const sync = (type: string, object: Record<string, unknown>, account = world.account) =>
    postAndSettle(t, stripeEventOf({ account, type, object, created: (created += 10) }));
  const customer = (id: string, email: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'customer',
    email,
    name: 'Ada Lovelace',
    ...extra,
  });
  /** A customer with a billing subscription, as the owner would see them arrive. */
  const subscribed = async (id: string, email: string, extra: Record<string, unknown> = {}, on = world) => {
    expect((await sync('customer.created', customer(id, email, extra), on.account)).status).toBe('success');
    const sub = `sub_${id.slice(4)}`;
    expect(
      (await sync('customer.subscription.created', billingSubscriptionOf(sub, id), on.account)).status,
    ).toBe('success');
    return sub;
  };
  const companies = (portalId = world.portalId) => sandbox.hubspotState.records(portalId, 'companies');
  const companiesOf = (domain: string, portalId = world.portalId) =>
    companies(portalId).filter((company) => company.properties.domain === domain);
  const contactOf = (email: string, portalId = world.portalId) =>
    sandbox.hubspotState.records(portalId, 'contacts').find((record) => record.properties.email === email)
      ?.id ?? '';
  const dealOf = (subscriptionId: string, portalId = world.portalId) =>
    sandbox.hubspotState
      .records(portalId, 'deals')
      .find((record) => record.properties.billbridge_stripe_id === subscriptionId)?.id ?? '';
  const companiesAssociated = (type: 'contacts' | 'deals', id: string, portalId = world.portalId) =>
    sandbox.hubspotState.associations(portalId, type, id, 'companies').map((association) => association.id);
  const turnOnCompanies = async (on: SyncedWorkspace, companiesFromDomains = true) => {
    const ids = { subscriptionId: on.subscriptionId, destinationId: on.destinationId };
    const read = await callFunction(t.app, 'getDestination', ids, on.owner);
    const { settings } = read.body.result as { settings: Record<string, unknown> };
    const saved = await callFunction(
      t.app,
      'saveDestination',
      {
        subscriptionId: on.subscriptionId,
        destinationId: on.destinationId,
        name: 'HubSpot',
        enabled: true,
        settings: { ...settings, companies_from_domains: companiesFromDomains },
      },
      on.owner,
    );
    expect(saved.status).toBe(200);
  };

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
    world = await seedSyncedWorkspace(t, { scopes: [...schemaScopes, ...companyScopes] });
    await turnOnCompanies(world);
  });
  afterAll(() => stop());

  it('creates the company of a business domain, named from Stripe, with the contact and the deal on it', async () => {
    const sub = await subscribed('cus_ada', 'ada@analytical-engines.example', {
      business_name: 'Analytical Engines',
    });
    const [company] = companiesOf('analytical-engines.example');
    expect(companiesOf('analytical-engines.example')).toHaveLength(1);
    expect(company?.properties.name).toBe('Analytical Engines');
    expect(companiesAssociated('contacts', contactOf('ada@analytical-engines.example'))).toEqual([
      company?.id,
    ]);
    expect(companiesAssociated('deals', dealOf(sub))).toEqual([company?.id]);
  });

  it('associates a second customer of the domain with the same company, creating its deal already on it', async () => {
    const from = sandbox.hubspotState.requestLog(world.portalId).length;
    const sub = await subscribed('cus_charles', 'charles@analytical-engines.example');
    const [company] = companiesOf('analytical-engines.example');
    expect(companiesOf('analytical-engines.example')).toHaveLength(1);
    expect(companiesAssociated('contacts', contactOf('charles@analytical-engines.example'))).toEqual([
      company?.id,
    ]);
    expect(companiesAssociated('deals', dealOf(sub))).toEqual([company?.id]);
    // The company was known: the deal's create carried it (decision 079), no association call did.
    const paths = sandbox.hubspotState
      .requestLog(world.portalId)
      .slice(from)
      .map((entry) => entry.path);
    expect(paths).toContain('/crm/v3/objects/deals/batch/create');
    expect(paths).not.toContain('/crm/v4/associations/deals/companies/batch/associate/default');
  });

  it('reuses a company a person made in HubSpot instead of making a second one', async () => {
    const hubspot = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: sandbox.hubspot.url,
    });
    const existing = await hubspot.crm.companies.basicApi.create({
      properties: { name: 'Difference Engines Ltd', domain: 'difference.example' },
      associations: [],
    });
    // Made before the customer paid: HubSpot's search lists it once indexed.
    const searchable = () =>
      hubspot.crm.companies.searchApi
        .doSearch({
          filterGroups: [
            {
              filters: [
                { propertyName: 'domain', operator: FilterOperatorEnum.Eq, value: 'difference.example' },
              ],
            },
          ],
          limit: 1,
        })
        .then((found) => found.total === 1)
        .catch(() => false);
    await waitFor(searchable, { what: 'the company to be searchable' });
    // The polls above spent the portal's search window, which the sync's own search would wait out.
    sandbox.hubspotState.resetRateLimits(world.portalId);
    const sub = await subscribed('cus_mary', 'mary@difference.example', { business_name: 'Other name' });
    expect(companiesOf('difference.example')).toEqual([
      expect.objectContaining({
        id: existing.id,
        properties: expect.objectContaining({ name: 'Difference Engines Ltd' }),
      }),
    ]);
    expect(companiesAssociated('contacts', contactOf('mary@difference.example'))).toEqual([existing.id]);
    expect(companiesAssociated('deals', dealOf(sub))).toEqual([existing.id]);
  });

  it('finds or makes the company again when the remembered one was deleted in HubSpot', async () => {
    await subscribed('cus_first', 'first@gone.example', { business_name: 'Gone Ltd' });
    const [gone] = companiesOf('gone.example');
    const hubspot = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: sandbox.hubspot.url,
    });
    await hubspot.crm.companies.basicApi.archive(gone?.id ?? '');

    const refused = await sync('customer.created', customer('cus_second', 'second@gone.example'));
    expect(refused.status).toBe('warning');
    expect(refused.reason).toContain(`Not associated with HubSpot company ${gone?.id}`);
    expect(await sync('customer.updated', customer('cus_second', 'second@gone.example'))).toMatchObject({
      status: 'success',
    });
    const [again] = companiesOf('gone.example');
    expect(again?.id).not.toBe(gone?.id);
    expect(companiesAssociated('contacts', contactOf('second@gone.example'))).toEqual([again?.id]);
  });

  it('gives the contact a customer moves to after a deletion in HubSpot its company and its deal', async () => {
    const sub = await subscribed('cus_lost', 'lost@babbage.example', { business_name: 'Babbage' });
    const [company] = companiesOf('babbage.example');
    const hubspot = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: sandbox.hubspot.url,
    });
    await hubspot.crm.contacts.basicApi.archive(contactOf('lost@babbage.example'));
    // A person makes the contact again in HubSpot, as a lead with the same address.
    const lead = await hubspot.crm.contacts.basicApi.create({
      properties: { email: 'lost@babbage.example', firstname: 'Lead' },
      associations: [],
    });

    const moved = await sync('customer.updated', customer('cus_lost', 'lost@babbage.example'));
    expect(moved.reason).toContain(`the customer is now linked to contact ${lead.id}`);
    expect(companiesAssociated('contacts', lead.id)).toEqual([company?.id]);
    const dealContacts = await hubspot.crm.associations.v4.basicApi.getPage('deals', dealOf(sub), 'contacts');
    expect(dealContacts.results.map((result) => String(result.toObjectId))).toEqual([lead.id]);
  });

  it('names a company from an organisation’s name, else from its domain', async () => {
    await subscribed('cus_firm', 'office@jacquard.example', {
      name: 'Jacquard Looms',
      individual_name: 'Joseph',
    });
    await subscribed('cus_person', 'joseph@loom.example');
    expect(companiesOf('jacquard.example').map((company) => company.properties.name)).toEqual([
      'Jacquard Looms',
    ]);
    expect(companiesOf('loom.example').map((company) => company.properties.name)).toEqual(['loom.example']);
  });

  it('makes no company for free-mail and disposable addresses', async () => {
    const before = companies().length;
    const sub = await subscribed('cus_gmail', 'ada.l@gmail.com');
    await subscribed('cus_qq', 'li.wei@qq.com');
    await subscribed('cus_temp', 'someone@mailinator.com');
    expect(companies()).toHaveLength(before);
    expect(companiesAssociated('contacts', contactOf('ada.l@gmail.com'))).toEqual([]);
    expect(companiesAssociated('deals', dealOf(sub))).toEqual([]);
  });

  it('makes no company while the setting is off', async () => {
    const off = await seedSyncedWorkspace(t, { scopes: [...schemaScopes, ...companyScopes] });
    await turnOnCompanies(off, false);
    await subscribed('cus_off', 'ada@off-setting.example', { business_name: 'Off Ltd' }, off);
    expect(contactOf('ada@off-setting.example', off.portalId)).not.toBe('');
    expect(companies(off.portalId)).toEqual([]);
  });

  it('keeps syncing without the company scopes, and names the feature as missing', async () => {
    const old = await seedSyncedWorkspace(t);
    await turnOnCompanies(old);
    await subscribed('cus_old', 'ada@old-grant.example', { business_name: 'Old Grant Ltd' }, old);
    expect(contactOf('ada@old-grant.example', old.portalId)).not.toBe('');
    expect(companies(old.portalId)).toEqual([]);
    const read = await callFunction(
      t.app,
      'getDestination',
      { subscriptionId: old.subscriptionId, destinationId: old.destinationId },
      old.owner,
    );
    expect(read.body.result).toMatchObject({
      missing_features: expect.arrayContaining(['companies']),
      settings: expect.objectContaining({ companies_from_domains: true }),
    });
  });
});
