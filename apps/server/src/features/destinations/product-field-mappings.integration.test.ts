import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldMapping } from '@billbridge/contract';
import type { Sandbox } from '@billbridge/sandbox';
import { crmLink, stripeProduct } from '../../db/schema.ts';
import { seedSyncedWorkspace, syncBed, type SyncedWorkspace } from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';

/** Decision 074: a price's product, kept by the sync, as a source of deal and line-item values. */
describe('product field mappings', () => {
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

  const createProperty = async (world: SyncedWorkspace, object: FieldMapping['object'], label: string) => {
    const { status } = await callFunction(
      t.app,
      'createDestinationProperty',
      { ...ids(world), object, label, type: 'string' },
      world.owner,
    );
    expect(status).toBe(200);
  };

  /**
   * Deals carry the product's `plan_tier` and name, line items its `rank` (HubSpot has no schema
   * scope for line items: an existing property of theirs).
   */
  const mapProduct = async (world: SyncedWorkspace) => {
    await createProperty(world, 'deals', 'Plan tier');
    await createProperty(world, 'deals', 'Product name');
    const field_mappings: FieldMapping[] = [
      { id: 'tier', object: 'deals', source: 'product.metadata.plan_tier', property: 'plan_tier' },
      { id: 'name', object: 'deals', source: 'product.name', property: 'product_name' },
      { id: 'rank', object: 'line_items', source: 'product.metadata.rank', property: 'hs_position_on_quote' },
    ];
    const saved = await callFunction(
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

  it('writes product metadata on a new billing subscription and the product’s update on the next write', async () => {
    const world = await seedSyncedWorkspace(t);
    await mapProduct(world);
    const product = sandbox.stripeState.createProduct(world.account, {
      name: 'Pro',
      metadata: { plan_tier: 'gold', rank: '2' },
    });
    await keptTier(world, product.id, 'gold');
    const billing = subscribe(world, product.id);

    const deal = await dealWith(world, billing.id, 'plan_tier', 'gold');
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
    const product = sandbox.stripeState.createProduct(world.account, {
      name: 'Basic',
      metadata: { plan_tier: 'bronze', rank: '1' },
    });
    await keptTier(world, product.id, 'bronze');
    const billing = subscribe(world, product.id);
    await dealWith(world, billing.id, 'plan_tier', 'bronze');
    // Settled: the deal's link is what the re-apply reaches.
    await waitFor(
      async () =>
        (
          await t.context.database.db
            .select()
            .from(crmLink)
            .where(
              and(eq(crmLink.destinationId, world.destinationId), eq(crmLink.stripeObjectId, billing.id)),
            )
        )[0]?.crmObjectId ?? undefined,
      { what: 'the deal’s link' },
    );

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
