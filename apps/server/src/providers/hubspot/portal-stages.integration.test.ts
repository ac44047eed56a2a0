import { Client } from '@hubspot/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { activity, destination } from '../../db/schema.ts';
import { ruleOf, seedDestination, seedMonthlyPrice, seedSource, syncBed } from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { signUpUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { stageGoneWarning } from './portal-stages.ts';

describe('a mapping rule whose pipeline was deleted in HubSpot', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
  });
  afterAll(() => stop());

  it('writes the deal without changing its stage and logs a warning naming the pipeline and stage', async () => {
    const owner = await signUpUser(t.app);
    const subscriptionId = await seedWorkspace(t.context.database.db, owner.id, [], { planId: 'pro' });
    const account = sandbox.stripeState.createConnectedAccount().id;
    await seedSource(t.context, subscriptionId, account);
    const { destinationId, portalId, accessToken } = await seedDestination(t.context, subscriptionId, []);

    // The admin maps `active` to a pipeline of their own; later someone deletes it in HubSpot.
    const hubspot = new Client({ accessToken, basePath: sandbox.hubspot.url });
    const renewals = await hubspot.crm.pipelines.pipelinesApi.create('deals', {
      label: 'Renewals',
      displayOrder: 1,
      stages: [{ label: 'Won back', displayOrder: 0, metadata: { probability: '1.0' } }],
    });
    const stage = renewals.stages[0]?.id ?? '';
    const rule = { ...ruleOf('active', stage), hubspot_pipeline: renewals.id };
    await t.context.database.db
      .update(destination)
      .set({ settings: { pipeline_mapping_rules: [rule] } })
      .where(eq(destination.id, destinationId));
    await hubspot.crm.pipelines.pipelinesApi.archive('deals', renewals.id);

    const customer = sandbox.stripeState.createCustomer(account, { email: 'gone.stage@example.com' });
    sandbox.stripeState.addCard(account, customer.id, '4242424242424242');
    const price = seedMonthlyPrice(sandbox, account, 2500);
    const billing = sandbox.stripeState.createSubscription(account, {
      customer: customer.id,
      items: [{ price: price.id }],
    });

    const deal = await waitFor(
      () =>
        sandbox.hubspotState
          .records(portalId, 'deals')
          .find((record) => record.properties.billbridge_stripe_id === billing.id),
      { what: 'the deal in HubSpot' },
    );
    expect(deal.properties.pipeline).toBe('default');
    const warned = await waitFor(
      async () => {
        const rows = await t.context.database.db
          .select()
          .from(activity)
          .where(eq(activity.subscriptionId, subscriptionId));
        return rows.find(
          (row) => row.status === 'warning' && row.reason?.includes(stageGoneWarning(renewals.id, stage)),
        );
      },
      { what: 'the warning activity' },
    );
    expect(warned.rawEventType).toMatch(/^customer\.subscription\./);
  });
});
