import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { withAdvisoryLock } from '../../../db/advisory-lock.ts';
import { lockNamespaces } from '../../../db/lock-namespaces.ts';
import { startWorker } from '../../../main/start-worker.ts';
import {
  everyEventSettled,
  postWebhook,
  seedSyncedWorkspace,
  stripeEventOf,
  type SyncedWorkspace,
} from '../../../testing/sync.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { waitFor } from '../../../testing/wait.ts';

/**
 * A fetch of several workspaces' drains is drained together (shared gate and settle statements):
 * each workspace still gets exactly its own events, a backlog goes on alone past the shared round,
 * and a workspace whose drain runs elsewhere waits for it.
 */
describe('draining several workspaces together', () => {
  let t: TestApp;
  let stopWorker: (() => void) | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    stopWorker?.();
    await t.close();
  });
  const sandbox = () => t.context.providers.sandbox as Sandbox;
  const emailsIn = (world: SyncedWorkspace) =>
    sandbox()
      .hubspotState.records(world.portalId, 'contacts')
      .map((contact) => String(contact.properties.email))
      .sort();
  const postCustomer = async (world: SyncedWorkspace, email: string) => {
    const event = stripeEventOf({
      account: world.account,
      type: 'customer.created',
      object: { id: `cus_${email.split('@')[0]}`, object: 'customer', email },
    });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
  };

  it('syncs each workspace of a fetch to its own portal once, a backlog past the first round too, and a busy one after its drain', async () => {
    const worlds: SyncedWorkspace[] = [];
    for (let n = 0; n < 5; n++) worlds.push(await seedSyncedWorkspace(t));
    const [backlogged, busy] = worlds as [SyncedWorkspace, SyncedWorkspace];
    for (const [n, world] of worlds.entries()) {
      await postCustomer(world, `first${n}@example.com`);
      await postCustomer(world, `second${n}@example.com`);
    }
    // More than a round takes (1,000): the rest is drained after the shared round.
    await t.context.database.db.execute(sql`
      insert into stripe_event (account_id, event_id, type, livemode, created, object_id, payload, source_id, subscription_id, state)
      select ${backlogged.account}, 'evt_backlog_' || n, 'customer.created', false, extract(epoch from now())::bigint, 'cus_backlog' || n,
        jsonb_build_object('data', jsonb_build_object('object', jsonb_build_object(
          'id', 'cus_backlog' || n, 'object', 'customer', 'email', 'backlog' || n || '@example.com'))),
        ${backlogged.sourceId}, ${backlogged.subscriptionId}, 'received'
      from generate_series(1, 1200) as n`);

    let endBusyDrain = () => undefined as void;
    const busyDrain = withAdvisoryLock(
      t.context.database,
      { namespace: lockNamespaces.drain, key: busy.subscriptionId },
      () => new Promise<void>((resolve) => (endBusyDrain = resolve)),
    );
    stopWorker = await startWorker(t.context);
    for (const [n, world] of worlds.entries()) {
      if (world === busy) continue;
      await everyEventSettled(t, world.subscriptionId);
      const expected = [`first${n}@example.com`, `second${n}@example.com`];
      if (world === backlogged)
        expected.push(...Array.from({ length: 1200 }, (_, index) => `backlog${index + 1}@example.com`));
      expect(emailsIn(world)).toEqual(expected.sort());
    }
    expect(emailsIn(busy)).toEqual([]);
    endBusyDrain();
    await busyDrain;
    await waitFor(() => emailsIn(busy).length === 2, { what: 'the busy workspace drained after its lock' });
    expect(emailsIn(busy)).toEqual(['first1@example.com', 'second1@example.com']);
  }, 90_000);
});
