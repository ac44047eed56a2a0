import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { definePrepared } from '../../../db/prepared.ts';
import { hubspotBudget } from '../../../db/schema.ts';
import { hubspotCalls, hubspotRateLimited, portalLabel } from '../../../metrics/metrics.ts';

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes one call of the portal's window if it has one left, in ONE prepared statement (it runs
 * before every HubSpot call): a first call creates the row with its take recorded; otherwise the
 * row is locked, the takes older than the window are dropped and, unless the window is full or a
 * 429 blocks the portal, this take is added. Returns whether it created the row, the takes found in
 * the window, and how long until a 429's block ends and until the oldest take leaves the window.
 */
const takeCall = definePrepared<{
  created: boolean;
  calls: number | null;
  blocked_for: number | null;
  frees_in: number | null;
}>(
  'take_hubspot_call',
  `with created as (
     insert into hubspot_budget (hub_id, recent_calls) values ($1, array[clock_timestamp()])
     on conflict (hub_id) do nothing
     returning hub_id
   ),
   found as (
     select hub_id,
       coalesce(extract(epoch from blocked_until - clock_timestamp()), 0)::float8 as blocked_for,
       array(select at from unnest(recent_calls) as at
             where at > clock_timestamp() - make_interval(secs => $3::float8) order by at) as recent
     from hubspot_budget where hub_id = $1 for update
   ),
   taken as (
     update hubspot_budget set recent_calls = case
         when cardinality(found.recent) < $2::int then found.recent || clock_timestamp()
         else found.recent end
     from found
     where hubspot_budget.hub_id = found.hub_id and found.blocked_for <= 0
   )
   select exists (select 1 from created) as created,
     (select cardinality(recent) from found) as calls,
     (select blocked_for from found) as blocked_for,
     (select extract(epoch from recent[1] + make_interval(secs => $3::float8) - clock_timestamp())::float8
        from found) as frees_in`,
);

/** How long to wait before a call may go out (0 = it was taken). */
const tryTake = async (database: Database, hubId: number, limits: HubSpotLimits): Promise<number> => {
  const [row] = await takeCall(database, [hubId, limits.calls, limits.windowSeconds]);
  if (row?.created) return 0;
  // Created by another caller since this statement began: look again.
  if (row?.calls == null || row.blocked_for == null) return 10;
  if (row.blocked_for > 0) return Math.ceil(row.blocked_for * 1000);
  if (row.calls < limits.calls) return 0;
  return Math.max(1, Math.ceil((row.frees_in ?? 0) * 1000));
};

/** Waits for the portal's next free call. */
export const takeHubSpotCall = async (
  database: Database,
  hubId: number,
  limits: HubSpotLimits = hubspotLimits,
): Promise<void> => {
  for (;;) {
    const wait = await tryTake(database, hubId, limits);
    if (wait === 0) return void hubspotCalls.inc({ portal: portalLabel(hubId) });
    await sleep(wait);
  }
};

/**
 * After a 429: nobody calls the portal before `seconds` have passed, and then no faster than the
 * average rate, with no burst: the window is filled with takes that leave it one by one from then.
 */
export const blockHubSpotCalls = async (
  db: Db,
  hubId: number,
  seconds: number,
  limits: HubSpotLimits = hubspotLimits,
): Promise<void> => {
  hubspotRateLimited.inc({ portal: portalLabel(hubId) });
  const { calls, windowSeconds } = limits;
  await db
    .update(hubspotBudget)
    .set({
      recentCalls: sql`array(select clock_timestamp()
        + make_interval(secs => ${seconds}::float8 - ${windowSeconds}::float8 + n * ${windowSeconds}::float8 / ${calls}::float8)
        from generate_series(1, ${calls}::int) as n)`,
      blockedUntil: sql`clock_timestamp() + make_interval(secs => ${seconds})`,
    })
    .where(eq(hubspotBudget.hubId, hubId));
};
