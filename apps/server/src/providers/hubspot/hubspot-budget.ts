import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { definePrepared } from '../../db/prepared.ts';
import { turnBatch } from '../../db/turn-batch.ts';
import { hubspotBudget } from '../../db/schema.ts';
import { hubspotCalls, hubspotRateLimited, portalLabel } from '../../metrics/metrics.ts';

/**
 * HubSpot allows 110 requests per rolling 10 s per portal, counted as they arrive. We count them as
 * they are taken, over 10.5 s: a call may take up to half a second more than another from its take
 * to HubSpot and still not make one of HubSpot's windows too full (the margin of the token bucket of
 * 5 and 10/s this replaces). So a quiet portal's calls go 110 at once (a fresh import's first
 * batches), then about 10.5 a second. Every worker on every machine shares the window, a row read
 * and written under its lock.
 */
export const hubspotLimits = { calls: 110, windowSeconds: 10.5 };
export type HubSpotLimits = typeof hubspotLimits;

/**
 * HubSpot's CRM search endpoints have a limit of their own, left out of the 110: 5 requests per
 * second per portal (developers.hubspot.com/docs/api-reference/latest/crm/search-the-crm,
 * Limitations). Counted as taken over 1.2 s, so a search may reach HubSpot up to a fifth of a second
 * later than another and still not make one of HubSpot's seconds too full (decision 075).
 */
export const hubspotSearchLimits: HubSpotLimits = { calls: 5, windowSeconds: 1.2 };

/** The portal's two windows: every call but searches, and searches (columns of `hubspot_budget`). */
export type BudgetWindow = 'calls' | 'searches';
const columnsOf = {
  calls: { recent: 'recent_calls', blocked: 'blocked_until' },
  searches: { recent: 'recent_searches', blocked: 'searches_blocked_until' },
} as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type TakeRow = {
  hub_id: string;
  created: boolean;
  granted: number | null;
  blocked_for: number | null;
  frees_in: number | null;
};

/**
 * Takes calls of several portals' windows of one kind, as many as each asks for and has left, in
 * ONE prepared statement (it runs before every HubSpot call, and a fetch's drains start together):
 * a portal's first calls create its row with their takes recorded; otherwise the rows are locked
 * in portal order, the takes older than the window are dropped and, unless a 429 blocks the
 * portal, the takes that fit are added. Per portal: whether it created the row, the calls granted,
 * how long until a 429's block ends and until the oldest take leaves the window.
 */
const takeStatement = ({ recent, blocked }: (typeof columnsOf)[BudgetWindow]) => `with wanted as (
     select hub_id, n from unnest($1::bigint[], $2::int[]) as wanted (hub_id, n)
   ),
   created as (
     insert into hubspot_budget (hub_id, ${recent})
     select hub_id, array_fill(clock_timestamp(), array[least(n, $3::int)]) from wanted
     on conflict (hub_id) do nothing
     returning hub_id, cardinality(${recent}) as granted
   ),
   found as (
     select b.hub_id, wanted.n,
       coalesce(extract(epoch from b.${blocked} - clock_timestamp()), 0)::float8 as blocked_for,
       array(select at from unnest(b.${recent}) as at
             where at > clock_timestamp() - make_interval(secs => $4::float8) order by at) as recent
     from hubspot_budget b join wanted on wanted.hub_id = b.hub_id
     order by b.hub_id
     for update of b
   ),
   granting as (
     select hub_id, blocked_for, recent,
       case when blocked_for > 0 then 0 else greatest(0, least(n, $3::int - cardinality(recent))) end as granted
     from found
   ),
   taken as (
     update hubspot_budget set ${recent} = granting.recent || array_fill(clock_timestamp(), array[granting.granted])
     from granting
     where hubspot_budget.hub_id = granting.hub_id and granting.granted > 0
   )
   select wanted.hub_id::text,
     created.hub_id is not null as created,
     coalesce(created.granted, granting.granted) as granted,
     granting.blocked_for,
     extract(epoch from granting.recent[1] + make_interval(secs => $4::float8) - clock_timestamp())::float8 as frees_in
   from wanted
   left join created on created.hub_id = wanted.hub_id
   left join granting on granting.hub_id = wanted.hub_id`;

/** One prepared statement per window. */
const takeCalls = {
  calls: definePrepared<TakeRow>('take_hubspot_calls', takeStatement(columnsOf.calls)),
  searches: definePrepared<TakeRow>('take_hubspot_searches', takeStatement(columnsOf.searches)),
};

/** How long each of a portal's `wanted` takes waits before its call may go out (0 = it was taken). */
const waitsOf = (row: TakeRow | undefined, wanted: number): number[] => {
  // Created by another caller since the statement began: look again.
  if (!row || (!row.created && row.blocked_for == null)) return Array.from({ length: wanted }, () => 10);
  const granted = row.granted ?? 0;
  const wait =
    row.blocked_for && row.blocked_for > 0
      ? Math.ceil(row.blocked_for * 1000)
      : Math.max(1, Math.ceil((row.frees_in ?? 0) * 1000));
  return Array.from({ length: wanted }, (_, index) => (index < granted ? 0 : wait));
};

/** Each take's wait, for the takes (portal ids) of one turn, in one statement. */
const takeAll = async (
  database: Database,
  window: BudgetWindow,
  limits: HubSpotLimits,
  takes: number[],
): Promise<number[]> => {
  const hubs = [...new Set(takes)];
  const wanted = hubs.map((hub) => takes.filter((take) => take === hub).length);
  const rows = await takeCalls[window](database, [hubs, wanted, limits.calls, limits.windowSeconds]);
  const waits = new Map(
    hubs.map((hub, index) => [
      hub,
      waitsOf(
        rows.find((row) => row.hub_id === String(hub)),
        wanted[index] ?? 0,
      ),
    ]),
  );
  return takes.map((hub) => waits.get(hub)?.shift() ?? 10);
};

/** The takes of one turn of the event loop, per database, window and limits, go in one statement. */
const batches = new WeakMap<Database, Map<string, (hubId: number) => Promise<number>>>();

/** How long to wait before a call may go out (0 = it was taken), asked with the takes of this turn. */
const tryTake = (
  database: Database,
  hubId: number,
  window: BudgetWindow,
  limits: HubSpotLimits,
): Promise<number> => {
  const ofDatabase = batches.get(database) ?? new Map<string, (hubId: number) => Promise<number>>();
  batches.set(database, ofDatabase);
  const key = `${window}:${limits.calls}/${limits.windowSeconds}`;
  let take = ofDatabase.get(key);
  if (!take) {
    take = turnBatch((takes: number[]) => takeAll(database, window, limits, takes));
    ofDatabase.set(key, take);
  }
  return take(hubId);
};

/** Waits for the portal's next free call of `window` (a search waits for the search window only). */
export const takeHubSpotCall = async (
  database: Database,
  hubId: number,
  limits: HubSpotLimits = hubspotLimits,
  window: BudgetWindow = 'calls',
): Promise<void> => {
  for (;;) {
    const wait = await tryTake(database, hubId, window, limits);
    if (wait === 0) return void hubspotCalls.inc({ portal: portalLabel(hubId) });
    await sleep(wait);
  }
};

/** Waits for the portal's next free search. */
export const takeHubSpotSearch = (
  database: Database,
  hubId: number,
  limits: HubSpotLimits = hubspotSearchLimits,
): Promise<void> => takeHubSpotCall(database, hubId, limits, 'searches');

/**
 * After a 429: nobody calls the portal before `seconds` have passed, and then no faster than the
 * average rate, with no burst: the window is filled with takes that leave it one by one from then.
 */
export const blockHubSpotCalls = async (
  db: Db,
  hubId: number,
  seconds: number,
  limits: HubSpotLimits = hubspotLimits,
  window: BudgetWindow = 'calls',
): Promise<void> => {
  hubspotRateLimited.inc({ portal: portalLabel(hubId) });
  const { calls, windowSeconds } = limits;
  const leaving = sql`array(select clock_timestamp()
        + make_interval(secs => ${seconds}::float8 - ${windowSeconds}::float8 + n * ${windowSeconds}::float8 / ${calls}::float8)
        from generate_series(1, ${calls}::int) as n)`;
  const until = sql`clock_timestamp() + make_interval(secs => ${seconds})`;
  await db
    .update(hubspotBudget)
    .set(
      window === 'calls'
        ? { recentCalls: leaving, blockedUntil: until }
        : { recentSearches: leaving, searchesBlockedUntil: until },
    )
    .where(eq(hubspotBudget.hubId, hubId));
};
