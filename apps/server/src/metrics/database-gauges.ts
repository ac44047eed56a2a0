import { sql, type SQL } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import { queryRows, type Db } from '../db/client.ts';

/** The tables that grow with traffic (decision 058): their rows and bytes, indexes and TOAST included. */
export const largeTables = ['stripe_event', 'activity', 'crm_link', 'usage', 'pgboss.job'] as const;

/**
 * The planner's row estimate (kept by autovacuum, and on PGlite by the worker's ANALYZE) rather than
 * `count(*)`, which would read millions of rows at every scrape; a partitioned table (pg-boss's
 * jobs) adds up its partitions.
 */
const tableSizes = sql`select t.name, sum(greatest(c.reltuples, 0))::float8 as rows,
    sum(pg_total_relation_size(c.oid))::float8 as bytes
  from unnest(${sql.raw(`array[${largeTables.map((name) => `'${name}'`).join(', ')}]`)}::text[]) as t(name)
  join pg_class c on c.oid = t.name::regclass
    or c.oid in (select inhrelid from pg_inherits where inhparent = t.name::regclass)
  group by t.name`;

/** Portals shown in the budget gauge: those with the fewest calls left, the ones that matter. */
const budgetPortals = 50;

type Row = Record<string, unknown>;
const rowsOf = (db: Db, query: SQL) => queryRows<Row>(db, query);

const gauge = (registry: Registry, name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name, help, labelNames, registers: [registry] });

/** A portal's HubSpot call budget (providers/hubspot/hubspot-budget.ts), handed in by the route. */
export type CallBudget = { calls: number; windowSeconds: number };

/**
 * State kept in the database, read at scrape time into a fresh registry: the same answer from
 * every process, nothing to keep in step. Each is one grouped query over an indexed column.
 */
export const databaseGauges = async (db: Db, hubspotLimits: CallBudget): Promise<Registry> => {
  const registry = new Registry();
  const [inbox, queue, budget, backfills, runningBackfills, tables] = await Promise.all([
    rowsOf(db, sql`select state, count(*)::int as n from stripe_event group by state`),
    rowsOf(
      db,
      sql`select name, state::text as state, count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active') group by name, state`,
    ),
    rowsOf(
      db,
      sql`select portal, ${hubspotLimits.calls} - recent as tokens, blocked from (
            select hub_id::text as portal,
              (select count(*) from unnest(recent_calls) as at
                where at > clock_timestamp() - make_interval(secs => ${hubspotLimits.windowSeconds}))::int as recent,
              greatest(0, extract(epoch from blocked_until - clock_timestamp()))::float8 as blocked
            from hubspot_budget) as portals
          order by tokens limit ${budgetPortals}`,
    ),
    rowsOf(
      db,
      sql`select key as kind, sum(value::int)::int as n from backfill, jsonb_each_text(counts)
          where status = 'running' group by key`,
    ),
    rowsOf(db, sql`select count(*)::int as n from backfill where status = 'running'`),
    rowsOf(db, tableSizes),
  ]);
  const inboxEvents = gauge(registry, 'billbridge_inbox_events', 'Stored webhook events by state', ['state']);
  for (const row of inbox) inboxEvents.set({ state: String(row.state) }, Number(row.n));
  const depth = gauge(registry, 'billbridge_queue_depth', 'Jobs waiting or running, by queue and state', [
    'queue',
    'state',
  ]);
  for (const row of queue) depth.set({ queue: String(row.name), state: String(row.state) }, Number(row.n));
  const tokens = gauge(
    registry,
    'billbridge_hubspot_budget_tokens',
    `HubSpot calls a portal may make right now (${hubspotLimits.calls} per ${hubspotLimits.windowSeconds} s; the ${budgetPortals} lowest portals)`,
    ['portal'],
  );
  const blocked = gauge(
    registry,
    'billbridge_hubspot_blocked_seconds',
    'Seconds a portal still waits after a 429',
    ['portal'],
  );
  for (const row of budget) {
    tokens.set({ portal: String(row.portal) }, Number(row.tokens));
    blocked.set({ portal: String(row.portal) }, Number(row.blocked));
  }
  const running = gauge(
    registry,
    'billbridge_backfill_imported_objects',
    'Objects imported so far by the running backfills, by kind',
    ['kind'],
  );
  for (const row of backfills) running.set({ kind: String(row.kind) }, Number(row.n));
  gauge(registry, 'billbridge_backfills_running', 'Backfills running').set(
    Number(runningBackfills[0]?.n ?? 0),
  );
  const tableRows = gauge(registry, 'billbridge_table_rows', 'Rows of the large tables (estimated)', [
    'table',
  ]);
  const tableBytes = gauge(registry, 'billbridge_table_bytes', 'Bytes of the large tables on disk', [
    'table',
  ]);
  for (const row of tables) {
    tableRows.set({ table: String(row.name) }, Number(row.rows));
    tableBytes.set({ table: String(row.name) }, Number(row.bytes));
  }
  return registry;
};
