import { Client } from '@hubspot/api-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldMapping, HubSpotProperty } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import { activity, crmLink, source, stripeProduct } from '../../db/schema.ts';
import { propertyGoneWarning } from '../../providers/hubspot/portal-properties.ts';
import { seedSyncedWorkspace, syncBed, type SyncedWorkspace } from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

describe('field mappings', () => {
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

  const createProperty = async (
    world: SyncedWorkspace,
    object: FieldMapping['object'],
    label: string,
    type: string,
  ): Promise<HubSpotProperty> => {
    const { status, body } = await callFunction(
      t.app,
      'createDestinationProperty',
      { ...ids(world), object, label, type },
      world.owner,
    );
    expect(status).toBe(200);
    return (body.result as { property: HubSpotProperty }).property;
  };

  const save = (world: SyncedWorkspace, field_mappings: FieldMapping[]) =>
    callFunction(
      t.app,
      'saveDestination',
      {
        ...ids(world),
        name: 'HubSpot',
        enabled: true,
        settings: {
          pipeline_mapping_rules: [
            {
              id: 'active',
              stripe_subscription_status: 'active',
              price_ids: { mode: 'none', ids: [] },
              hubspot_pipeline: 'default',
              hubspot_stage: 'closedwon',
            },
          ],
          field_mappings,
        },
      },
      world.owner,
    );

  const mapping = (id: string, object: FieldMapping['object'], from: string, property: string) => ({
    id,
    object,
    source: from,
    property,
  });

  const contactOf = (world: SyncedWorkspace, email: string) =>
    waitFor(
      () =>
        sandbox.hubspotState
          .records(world.portalId, 'contacts')
          .find((record) => record.properties.email === email),
      { what: `the contact ${email}` },
    );

  const activityWith = (world: SyncedWorkspace, text: string) =>
    waitFor(
      async () =>
        (
          await t.context.database.db
            .select()
            .from(activity)
            .where(and(eq(activity.subscriptionId, world.subscriptionId), eq(activity.status, 'warning')))
        ).find((row) => row.reason?.includes(text)),
      { what: `a warning saying ${text}` },
    );

  it('writes a customer metadata key and billing-subscription values converted for their properties', async () => {
    const world = await seedSyncedWorkspace(t);
    await createProperty(world, 'contacts', 'Sales region', 'string');
    await createProperty(world, 'contacts', 'Seats', 'number');
    await createProperty(world, 'deals', 'Plan tier', 'string');
    await createProperty(world, 'deals', 'List price', 'number');
    await createProperty(world, 'deals', 'Billing started', 'date');
    const saved = await save(world, [
      mapping('region', 'contacts', 'customer.metadata.region', 'sales_region'),
      mapping('seats', 'contacts', 'customer.metadata.seats', 'seats'),
      mapping('tier', 'deals', 'price.metadata.plan_tier', 'plan_tier'),
      mapping('price', 'deals', 'price.unit_amount', 'list_price'),
      mapping('start', 'deals', 'subscription.start_date', 'billing_started'),
    ]);
    expect(saved.status).toBe(200);

    const customer = sandbox.stripeState.createCustomer(world.account, {
      email: 'mapped@example.com',
      metadata: { region: 'EMEA', seats: 'twelve' },
    });
    const contact = await contactOf(world, 'mapped@example.com');
    expect(contact.properties.sales_region).toBe('EMEA');
    // A metadata value that is no number: a warning on the event, the rest written.
    await activityWith(world, 'The value "twelve" of customer.metadata.seats is not a number');
    expect(contact.properties.seats ?? null).toBeNull();

    sandbox.stripeState.addCard(world.account, customer.id, '4242424242424242');
    sandbox.hubspotState.enableCurrency(world.portalId, 'JPY', 150);
    const product = sandbox.stripeState.createProduct(world.account, { name: 'Pro' });
    const price = sandbox.stripeState.createPrice(world.account, {
      product: product.id,
      unit_amount: 1999,
      currency: 'jpy',
      recurring: { interval: 'month' },
      metadata: { plan_tier: 'gold' },
    });
    const billing = sandbox.stripeState.createSubscription(world.account, {
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const deal = await waitFor(
      () =>
        sandbox.hubspotState
          .records(world.portalId, 'deals')
          .find(
            (record) => record.properties.billbridge_stripe_id === billing.id && record.properties.plan_tier,
          ),
      { what: 'the deal with its mapped properties' },
    );
    expect(deal.properties.plan_tier).toBe('gold');
    // JPY has no minor unit: 1999 is ¥1,999.
    expect(Number(deal.properties.list_price)).toBe(1999);
    const startDay = new Date(billing.start_date * 1000).toISOString().slice(0, 10);
    expect(deal.properties.billing_started).toBe(startDay);
  });

  it('refuses a value type the property does not take, built-in properties and a property mapped twice', async () => {
    const world = await seedSyncedWorkspace(t);
    await createProperty(world, 'contacts', 'Customer since', 'date');
    const wrongType = await save(world, [
      mapping('since', 'contacts', 'customer.metadata.since', 'customer_since'),
    ]);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatchObject({ details: { messageKey: 'fieldMappingWrongType' } });

    const gone = await save(world, [mapping('x', 'contacts', 'customer.metadata.x', 'no_such_property')]);
    expect(gone.body.error).toMatchObject({ details: { messageKey: 'fieldMappingPropertyGone' } });

    const builtIn = await save(world, [mapping('mail', 'contacts', 'customer.metadata.mail', 'email')]);
    expect(builtIn.status).toBe(400);
    const twice = await save(world, [
      mapping('a', 'contacts', 'customer.created', 'customer_since'),
      mapping('b', 'contacts', 'customer.metadata.since', 'customer_since'),
    ]);
    expect(twice.status).toBe(400);

    const right = await save(world, [mapping('since', 'contacts', 'customer.created', 'customer_since')]);
    expect(right.status).toBe(200);
    const stored = await callFunction(t.app, 'getDestination', ids(world), world.owner);
    expect(
      (stored.body.result as { settings: { field_mappings: FieldMapping[] } }).settings.field_mappings,
    ).toEqual([mapping('since', 'contacts', 'customer.created', 'customer_since')]);
  });

  it('warns about a value outside an enumeration and a property deleted in HubSpot, writing the rest', async () => {
    const world = await seedSyncedWorkspace(t);
    const { accessToken } = sandbox.hubspotState.issueToken(world.portalId);
    const hubspot = new Client({ accessToken, basePath: sandbox.hubspot.url });
    await hubspot.crm.properties.coreApi.create('contacts', {
      name: 'tier',
      label: 'Tier',
      type: 'enumeration' as never,
      fieldType: 'select' as never,
      groupName: 'contactinformation',
      options: [
        { label: 'Gold', value: 'gold', displayOrder: 0, hidden: false },
        { label: 'Silver', value: 'silver', displayOrder: 1, hidden: false },
      ],
    });
    await createProperty(world, 'contacts', 'Account id', 'string');
    await createProperty(world, 'contacts', 'Region', 'string');
    expect(
      (
        await save(world, [
          mapping('tier', 'contacts', 'customer.metadata.tier', 'tier'),
          mapping('account', 'contacts', 'customer.metadata.account', 'account_id'),
          mapping('region', 'contacts', 'customer.metadata.region', 'region'),
        ])
      ).status,
    ).toBe(200);

    sandbox.stripeState.createCustomer(world.account, {
      email: 'bronze@example.com',
      metadata: { tier: 'bronze', account: 'A-1', region: 'APAC' },
    });
    await activityWith(world, 'The value "bronze" of customer.metadata.tier is not one of its options');
    const contact = await contactOf(world, 'bronze@example.com');
    expect(contact.properties).toMatchObject({ account_id: 'A-1', region: 'APAC' });

    // Someone deletes a mapped property in HubSpot: the next customer is written without it, and warned.
    await hubspot.crm.properties.coreApi.archive('contacts', 'region');
    sandbox.stripeState.createCustomer(world.account, {
      email: 'after.delete@example.com',
      metadata: { tier: 'gold', account: 'A-2', region: 'EMEA' },
    });
    await activityWith(
      world,
      propertyGoneWarning('contacts', {
        kind: 'metadata',
        value: 'EMEA',
        property: 'region',
        source: 'customer.metadata.region',
      }),
    );
    const after = await contactOf(world, 'after.delete@example.com');
    expect(after.properties).toMatchObject({ tier: 'gold', account_id: 'A-2' });
  });

  it('applies the mappings to customers the import brings in', async () => {
    const world = await seedSyncedWorkspace(t);
    await t.context.database.db.update(source).set({ enabled: false }).where(eq(source.id, world.sourceId));
    await createProperty(world, 'contacts', 'Imported region', 'string');
    expect(
      (await save(world, [mapping('region', 'contacts', 'customer.metadata.region', 'imported_region')]))
        .status,
    ).toBe(200);
    sandbox.stripeState.createCustomer(world.account, {
      email: 'imported@example.com',
      metadata: { region: 'LATAM' },
    });
    const switched = await callFunction(
      t.app,
      'saveSource',
      {
        subscriptionId: world.subscriptionId,
        sourceId: world.sourceId,
        name: 'Stripe',
        enabled: true,
        settings: {},
      },
      world.owner,
    );
    expect(switched.status).toBe(200);
    // The first switch-on waits for the user's Import (decision 070).
    const input = { subscriptionId: world.subscriptionId, sourceId: world.sourceId };
    expect((await callFunction(t.app, 'startBackfill', input, world.owner)).status).toBe(200);
    const contact = await contactOf(world, 'imported@example.com');
    expect(contact.properties.imported_region).toBe('LATAM');
  });

  /**
   * Product values (decision 078). Deals carry the product's `plan_tier` and name, line items its
   * `rank` (HubSpot has no schema scope for line items: an existing property of theirs).
   */
  const mapProduct = async (world: SyncedWorkspace) => {
    await createProperty(world, 'deals', 'Plan tier', 'string');
    await createProperty(world, 'deals', 'Product name', 'string');
    const saved = await save(world, [
      mapping('tier', 'deals', 'product.metadata.plan_tier', 'plan_tier'),
      mapping('name', 'deals', 'product.name', 'product_name'),
      mapping('rank', 'line_items', 'product.metadata.rank', 'hs_position_on_quote'),
    ]);
    expect(saved.status).toBe(200);
  };

  const subscribe = (world: SyncedWorkspace, productId: string) => {
    const customer = sandbox.stripeState.createCustomer(world.account, { email: `${productId}@example.com` });
    sandbox.stripeState.addCard(world.account, customer.id, '4242424242424242');
    const price = sandbox.stripeState.createPrice(world.account, {
      product: productId,
      unit_amount: 4900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    return sandbox.stripeState.createSubscription(world.account, {
      customer: customer.id,
      items: [{ price: price.id }],
    });
  };

  const dealWith = (world: SyncedWorkspace, billingId: string, property: string, value: string) =>
    waitFor(
      () =>
        sandbox.hubspotState
          .records(world.portalId, 'deals')
          .find(
            (record) =>
              record.properties.billbridge_stripe_id === billingId && record.properties[property] === value,
          ),
      { what: `the deal of ${billingId} with ${property} = ${value}` },
    );

  const keptTier = (world: SyncedWorkspace, productId: string, tier: string) =>
    waitFor(
      async () => {
        const [row] = await t.context.database.db
          .select()
          .from(stripeProduct)
          .where(and(eq(stripeProduct.sourceId, world.sourceId), eq(stripeProduct.productId, productId)));
        return (row?.fields.metadata as Record<string, string> | undefined)?.plan_tier === tier || undefined;
      },
      { what: `the kept product ${productId} at tier ${tier}` },
    );

  /** Settled: the deal's link, which the re-apply reaches. */
  const linkOf = (world: SyncedWorkspace, billingId: string) =>
    waitFor(
      async () => {
        const [row] = await t.context.database.db
          .select()
          .from(crmLink)
          .where(and(eq(crmLink.destinationId, world.destinationId), eq(crmLink.stripeObjectId, billingId)));
        return row?.crmObjectId ?? undefined;
      },
      { what: `the link of ${billingId}` },
    );

  /** A product of `tier`, once kept, and a billing subscription to it whose deal carries the tier. */
  const dealOfProduct = async (world: SyncedWorkspace, name: string, metadata: Record<string, string>) => {
    const product = sandbox.stripeState.createProduct(world.account, { name, metadata });
    const tier = metadata.plan_tier ?? '';
    await keptTier(world, product.id, tier);
    const billing = subscribe(world, product.id);
    return { product, billing, deal: await dealWith(world, billing.id, 'plan_tier', tier) };
  };

  it('writes product metadata on a new billing subscription and the product’s update on the next write', async () => {
    const world = await seedSyncedWorkspace(t);
    await mapProduct(world);
    const { product, billing, deal } = await dealOfProduct(world, 'Pro', { plan_tier: 'gold', rank: '2' });
    expect(deal.properties.product_name).toBe('Pro');
    const item = await waitFor(
      () =>
        sandbox.hubspotState
          .records(world.portalId, 'line_items')
          .find((record) => record.properties.hs_position_on_quote === '2'),
      { what: 'the line item with its product rank' },
    );
    expect(item.properties.name).toBeTruthy();

    sandbox.stripeState.updateProduct(world.account, product.id, {
      name: 'Pro Plus',
      metadata: { plan_tier: 'platinum' },
    });
    await keptTier(world, product.id, 'platinum');
    sandbox.stripeState.updateSubscription(world.account, billing.id, { metadata: { touched: 'yes' } });
    const updated = await dealWith(world, billing.id, 'plan_tier', 'platinum');
    expect(updated.properties.product_name).toBe('Pro Plus');
  });

  it('reads a product it never kept from Stripe once, then from what it keeps', async () => {
    const world = await seedSyncedWorkspace(t);
    await mapProduct(world);
    // The product's webhook is lost: the sync learns of it only through the price that names it.
    const lost = sandbox.faults.dropWebhooks({ type: 'product.*', tenant: world.account });
    const product = sandbox.stripeState.createProduct(world.account, {
      name: 'Team',
      metadata: { plan_tier: 'silver' },
    });
    const reads = sandbox.faults.add({
      service: 'stripe',
      method: 'GET',
      path: `/v1/products/${product.id}`,
    });

    const first = subscribe(world, product.id);
    await dealWith(world, first.id, 'plan_tier', 'silver');
    const second = subscribe(world, product.id);
    await dealWith(world, second.id, 'plan_tier', 'silver');

    expect(sandbox.faults.list().find((rule) => rule.id === reads)?.hits).toBe(1);
    await keptTier(world, product.id, 'silver');
    sandbox.faults.remove(lost);
    sandbox.faults.remove(reads);
  });

  it('counts and re-applies a product’s change to the deals written before it', async () => {
    const world = await seedSyncedWorkspace(t);
    await mapProduct(world);
    const { product, billing } = await dealOfProduct(world, 'Basic', { plan_tier: 'bronze', rank: '1' });
    await linkOf(world, billing.id);

    sandbox.stripeState.updateProduct(world.account, product.id, { metadata: { plan_tier: 'copper' } });
    await keptTier(world, product.id, 'copper');
    const dryRun = await callFunction(
      t.app,
      'dryRunFieldMappings',
      {
        ...ids(world),
        field_mappings: [
          { id: 'tier', object: 'deals', source: 'product.metadata.plan_tier', property: 'plan_tier' },
        ],
      },
      world.owner,
    );
    expect(dryRun.status).toBe(200);
    expect((dryRun.body.result as { objects: unknown[] }).objects).toContainEqual({
      object: 'deals',
      records: 1,
      changing: 1,
    });

    const run = await callFunction(t.app, 'reapplyFieldMappings', ids(world), world.owner);
    expect(run.status).toBe(200);
    await dealWith(world, billing.id, 'plan_tier', 'copper');
  });
});
