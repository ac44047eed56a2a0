import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldMapping, FieldMappingImpact, RecentActivity } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import { membership } from '../../db/schema.ts';
import {
  dealWritesOf,
  everyEventSettled,
  ruleOf,
  seedSyncedWorkspace,
  syncBed,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

/**
 * Field mappings re-applied to records already synced (decision 072): a dry run counts, per HubSpot
 * object, the records whose mapped properties would change, writing nothing; the run writes exactly
 * those, through the sync.
 */
describe('re-applying field mappings', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
  });
  afterAll(() => stop());

  const ids = (world: SyncedWorkspace) => ({
    subscriptionId: world.subscriptionId,
    destinationId: world.destinationId,
  });
  const call = async <T>(world: SyncedWorkspace, name: string, data: Record<string, unknown> = {}) => {
    const { status, body } = await callFunction(t.app, name, { ...ids(world), ...data }, world.owner);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.result as T;
  };
  const createProperty = (world: SyncedWorkspace, object: FieldMapping['object'], label: string) =>
    call(world, 'createDestinationProperty', { object, label, type: 'string' });
  const rules = [ruleOf('active', 'closedwon')];
  const save = (world: SyncedWorkspace, field_mappings: FieldMapping[]) =>
    call(world, 'saveDestination', {
      name: 'HubSpot',
      enabled: true,
      settings: { pipeline_mapping_rules: rules, field_mappings },
    });
  const contactOf = (world: SyncedWorkspace, email: string) =>
    sandbox.hubspotState
      .records(world.portalId, 'contacts')
      .find((record) => record.properties.email === email);
  const contactWrites = (world: SyncedWorkspace, email: string) =>
    sandbox.hubspotState
      .requestLog(world.portalId)
      .filter(
        (entry) =>
          entry.method === 'POST' &&
          /\/objects\/contacts\/batch\/(upsert|update|create)$/.test(entry.path) &&
          JSON.stringify(entry.body).includes(email),
      ).length;
  const writesIn = (world: SyncedWorkspace) =>
    sandbox.hubspotState
      .requestLog(world.portalId)
      .filter((entry) => entry.method !== 'GET' && !entry.path.endsWith('/batch/read'));

  const mappings: FieldMapping[] = [
    { id: 'region', object: 'contacts', source: 'customer.metadata.region', property: 'sales_region' },
    { id: 'tier', object: 'deals', source: 'price.metadata.plan_tier', property: 'plan_tier' },
  ];

  /** Three customers and a billing subscription synced before any field mapping existed. */
  const syncedWithoutMappings = async () => {
    const world = await seedSyncedWorkspace(t, { rules });
    await createProperty(world, 'contacts', 'Sales region');
    await createProperty(world, 'deals', 'Plan tier');
    const emea = sandbox.stripeState.createCustomer(world.account, {
      email: 'emea@example.com',
      metadata: { region: 'EMEA' },
    });
    sandbox.stripeState.createCustomer(world.account, {
      email: 'apac@example.com',
      metadata: { region: 'APAC' },
    });
    sandbox.stripeState.createCustomer(world.account, { email: 'none@example.com' });
    sandbox.stripeState.addCard(world.account, emea.id, '4242424242424242');
    const product = sandbox.stripeState.createProduct(world.account, { name: 'Gold plan' });
    const price = sandbox.stripeState.createPrice(world.account, {
      product: product.id,
      unit_amount: 2500,
      currency: 'usd',
      recurring: { interval: 'month' },
      metadata: { plan_tier: 'gold' },
    });
    const billing = sandbox.stripeState.createSubscription(world.account, {
      customer: emea.id,
      items: [{ price: price.id }],
    });
    await waitFor(
      () =>
        ['emea', 'apac', 'none'].every((name) => contactOf(world, `${name}@example.com`)) &&
        sandbox.hubspotState
          .records(world.portalId, 'deals')
          .some((deal) => deal.properties.billbridge_stripe_id === billing.id),
      { what: 'the contacts and the deal synced' },
    );
    await sandbox.webhooksIdle();
    await everyEventSettled(t, world.subscriptionId);
    return { world, billing };
  };

  it('counts the records whose mapped values would change and writes nothing, then writes exactly those', async () => {
    const { world, billing } = await syncedWithoutMappings();
    const before = writesIn(world).length;
    const dryRun = await call<{ objects: FieldMappingImpact[] }>(world, 'dryRunFieldMappings', {
      field_mappings: mappings,
    });
    // The customer without the metadata key gives no value: it is not reached.
    expect(dryRun.objects).toEqual([
      { object: 'contacts', records: 2, changing: 2 },
      { object: 'deals', records: 1, changing: 1 },
    ]);
    expect(writesIn(world)).toHaveLength(before);
    expect(contactOf(world, 'emea@example.com')?.properties.sales_region ?? null).toBeNull();

    await save(world, mappings);
    const writes = {
      emea: contactWrites(world, 'emea@example.com'),
      apac: contactWrites(world, 'apac@example.com'),
      none: contactWrites(world, 'none@example.com'),
      deal: dealWritesOf(sandbox, world.portalId, billing.id),
    };
    const run = await call<{ objects: FieldMappingImpact[] }>(world, 'reapplyFieldMappings');
    expect(run.objects).toEqual(dryRun.objects);
    await waitFor(
      () =>
        contactOf(world, 'apac@example.com')?.properties.sales_region === 'APAC' &&
        sandbox.hubspotState
          .records(world.portalId, 'deals')
          .find((deal) => deal.properties.billbridge_stripe_id === billing.id)?.properties.plan_tier ===
          'gold',
      { what: 'the mapped values written' },
    );
    await everyEventSettled(t, world.subscriptionId);
    expect(contactOf(world, 'emea@example.com')?.properties.sales_region).toBe('EMEA');
    expect({
      emea: contactWrites(world, 'emea@example.com'),
      apac: contactWrites(world, 'apac@example.com'),
      none: contactWrites(world, 'none@example.com'),
      deal: dealWritesOf(sandbox, world.portalId, billing.id),
    }).toEqual({ emea: writes.emea + 1, apac: writes.apac + 1, none: writes.none, deal: writes.deal + 1 });
    const { activities } = await call<{ activities: RecentActivity[] }>(world, 'getRecentActivities', {
      limit: 100,
    });
    expect(
      activities.filter((item) => item.rawEventType.endsWith('.reevaluated')).map((item) => item.status),
    ).toEqual(['success', 'success', 'success']);

    // Everything holds its value now: nothing changes, nothing is written.
    const again = await call<{ objects: FieldMappingImpact[] }>(world, 'reapplyFieldMappings');
    expect(again.objects).toEqual([
      { object: 'contacts', records: 2, changing: 0 },
      { object: 'deals', records: 1, changing: 0 },
    ]);
    await everyEventSettled(t, world.subscriptionId);
    expect(contactWrites(world, 'apac@example.com')).toBe(writes.apac + 1);
  });

  it('refuses a member who is not an admin of the workspace, and changes nothing', async () => {
    const { world } = await syncedWithoutMappings();
    await save(world, mappings);
    const member = await signUpUser(t.app);
    await t.context.database.db
      .insert(membership)
      .values({ subscriptionId: world.subscriptionId, userId: member.id, permissions: ['access'] });
    const before = writesIn(world).length;
    for (const [name, data] of [
      ['dryRunFieldMappings', { field_mappings: mappings }],
      ['reapplyFieldMappings', {}],
    ] as const) {
      const { status, body } = await callFunction(t.app, name, { ...ids(world), ...data }, member);
      expect(status).toBe(403);
      expect(errorOf(body).status).toBe('PERMISSION_DENIED');
    }
    const other = await seedSyncedWorkspace(t);
    const foreign = await callFunction(t.app, 'reapplyFieldMappings', ids(world), other.owner);
    expect(foreign.status).toBe(403);
    // Another workspace's destination is not found from this one.
    const elsewhere = await callFunction(
      t.app,
      'reapplyFieldMappings',
      { subscriptionId: other.subscriptionId, destinationId: world.destinationId },
      other.owner,
    );
    expect(elsewhere.status).toBe(404);
    expect(writesIn(world)).toHaveLength(before);
    expect(contactOf(world, 'apac@example.com')?.properties.sales_region ?? null).toBeNull();
  });
});
