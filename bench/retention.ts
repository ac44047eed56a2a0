/**
 * `npm run bench:retention`: BENCH_EVENTS (default 2,000,000) stored events with their activity,
 * across BENCH_WORKSPACES (default 1,000) workspaces, received evenly over the last 60 days; 1 %
 * failed and 1 % held, one in 20 named as applied by a HubSpot link. Then one pruning pass with the
 * defaults (EVENT_PAYLOAD_DAYS=30, batches of 500) while a workspace syncs 20 events/s beside it.
 * Prints the large tables' rows and bytes before and after (and after VACUUM FULL, the size the
 * same rows take once their freed space is reused), the pass's time, and the sync's p99
 * webhook → HubSpot before and during the pass (target ≤ 2 s). PostgreSQL (TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { pruneOnce } from '../apps/server/src/features/retention/prune.ts';
import { retentionBatchSize } from '../apps/server/src/features/retention/retention-job.ts';
import { largeTables } from '../apps/server/src/metrics/database-gauges.ts';
import { invoiceOf, seedSyncedWorkspace, stripeEventOf } from '../apps/server/src/testing/sync.ts';
import { percentile, sleep, startSyncBench } from './sync-harness.ts';

const events = Number(process.env.BENCH_EVENTS ?? 2_000_000);
const workspaces = Number(process.env.BENCH_WORKSPACES ?? 1_000);
const days = 60;
const syncRate = 20;
const chunk = 100_000;

const bench = await startSyncBench({ worker: false });
const { db } = bench.context.database;
const synced = await seedSyncedWorkspace(bench.t);
await bench.startWorker();

/** A typical stored body: an invoice event, about 2 KB as Stripe sends it. */
const template = stripeEventOf({
  type: 'invoice.paid',
  object: invoiceOf('in_template', 'cus_template', 'sub_x', 'paid'),
});

const seedWorkspaces = async () => {
  await db.execute(sql`
    insert into "user" (id, name, email)
      select 'bench-user-' || n, 'Bench ' || n, 'bench-' || n || '@example.com' from generate_series(1, ${workspaces}) n`);
  await db.execute(sql`
    insert into subscription (id, owner_id, plan_id, status, settings, current_period_start, current_period_end)
      select 'bench-ws-' || n, 'bench-user-' || n, 'pro', 'active', '{}'::jsonb, now(), now() + interval '1 month'
      from generate_series(1, ${workspaces}) n`);
};

/** Events `from`..`to` (1-based), the n-th received `days * (1 - n / events)` days ago. */
const seedEvents = async (from: number, to: number) => {
  await db.execute(sql`
    with made as (
      insert into stripe_event (account_id, event_id, type, livemode, created, object_id, payload,
                                subscription_id, state, created_at)
      select 'acct_bench' || (n % ${workspaces}), 'evt_bench' || n, 'invoice.paid', false,
        extract(epoch from at)::bigint, 'in_bench' || n,
        jsonb_set(jsonb_set(${JSON.stringify(template)}::jsonb, '{id}', to_jsonb('evt_bench' || n)),
          '{data,object,id}', to_jsonb('in_bench' || n)),
        'bench-ws-' || (n % ${workspaces} + 1),
        case when n % 100 = 0 then 'failed' when n % 100 = 1 then 'held' else 'done' end, at
      from generate_series(${from}::int, ${to}::int) n,
        lateral (select now() - make_interval(secs => ${days * 86_400} * (1 - n::float8 / ${events}))) as t(at)
      returning id, subscription_id, event_id, state, created_at
    )
    insert into activity (subscription_id, stripe_event_id, type, raw_event_type, event_id, time, status)
    select subscription_id, id, 'invoice', 'invoice.paid', event_id, created_at,
      case state when 'failed' then 'failure' when 'held' then 'warning' else 'success' end
    from made`);
  await db.execute(sql`
    insert into crm_link (destination_id, stripe_object_id, crm_object_type, crm_object_id, applied_event_id)
    select ${synced.destinationId}, 'in_bench' || n, 'invoices', n::text, 'evt_bench' || n
    from generate_series(${from}::int, ${to}::int) n where n % 20 = 0`);
};

const tableSizes = async () => {
  await db.execute(sql`analyze`);
  const rows = await queryRows<{ name: string; rows: number; bytes: number }>(
    db,
    sql`select t.name, sum(greatest(c.reltuples, 0))::float8 as rows, sum(pg_total_relation_size(c.oid))::float8 as bytes
        from unnest(${sql.raw(`array[${largeTables.map((name) => `'${name}'`).join(', ')}]`)}::text[]) as t(name)
        join pg_class c on c.oid = t.name::regclass
          or c.oid in (select inhrelid from pg_inherits where inhparent = t.name::regclass)
        group by t.name order by t.name`,
  );
  return Object.fromEntries(
    rows.map((row) => [row.name, { rows: Math.round(row.rows), mb: +(row.bytes / 1e6).toFixed(1) }]),
  );
};

/** Posts `syncRate` new customers a second to the synced workspace until `stop`; their latencies. */
const syncBeside = async (until: () => boolean) => {
  const ids: string[] = [];
  for (let n = 0; !until(); n++) {
    ids.push(
      await bench.post(synced.account, 'customer.created', {
        id: `cus_beside${Date.now()}${n}`,
        object: 'customer',
        email: `beside${n}-${Date.now()}@example.com`,
      }),
    );
    await sleep(1000 / syncRate);
  }
  const { latencies } = await bench.settled(ids);
  return { events: ids.length, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
};

const seedStarted = Date.now();
await seedWorkspaces();
for (let from = 1; from <= events; from += chunk) await seedEvents(from, Math.min(events, from + chunk - 1));
const seedSeconds = (Date.now() - seedStarted) / 1000;
const before = await tableSizes();

const baselineEnd = Date.now() + 20_000;
const baseline = await syncBeside(() => Date.now() > baselineEnd);

let pruning = true;
const pruneStarted = Date.now();
const [counts, during] = await Promise.all([
  pruneOnce(db, { payloadDays: 30, batchSize: retentionBatchSize }).finally(() => (pruning = false)),
  syncBeside(() => !pruning),
]);
const pruneSeconds = (Date.now() - pruneStarted) / 1000;
const after = await tableSizes();
await db.execute(sql`vacuum full stripe_event, activity`);
const compacted = await tableSizes();
await bench.close();

console.log(
  JSON.stringify({
    bench: 'retention',
    events,
    workspaces,
    days,
    seedSeconds: +seedSeconds.toFixed(1),
    before,
    pruned: counts,
    pruneSeconds: +pruneSeconds.toFixed(1),
    eventsPerSecond: Math.round(counts.payloadsDropped / pruneSeconds),
    after,
    afterVacuumFull: compacted,
    syncBefore: baseline,
    syncDuringPrune: during,
    syncTargetMs: 2_000,
    syncWithinTarget: during.p99Ms <= 2_000,
  }),
);
