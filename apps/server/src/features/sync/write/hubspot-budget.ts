import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { definePrepared } from '../../../db/prepared.ts';
import { hubspotBudget } from '../../../db/schema.ts';
import { hubspotCalls, hubspotRateLimited, portalLabel } from '../../../metrics/metrics.ts';

/**
 * HubSpot allows 110 requests per rolling 10 s per portal. A token bucket of 5 with 10 refills a
 * second lets at most 5 + 10 × 10 = 105 calls into any 10 s window, shared by every worker on every
 * machine because the bucket is a row read and written under its lock.
 */
export const budget = { capacity: 5, perSecond: 10 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes one token from the portal's bucket if it has one, in ONE prepared statement (it runs before
 * every HubSpot call): a first call creates the bucket with its token taken; otherwise the row is
 * locked, refilled for the time since the last take and decremented, unless a 429 blocks the
 * portal. Returns whether it created the bucket, and the bucket as it was found.
 */
const takeToken = definePrepared<{ created: boolean; tokens: number | null; blocked_for: number | null }>(
  'take_hubspot_call',
  `with created as (
     insert into hubspot_budget (hub_id, tokens, refilled_at) values ($1, $2::float8 - 1, clock_timestamp())
     on conflict (hub_id) do nothing
     returning hub_id
   ),
   found as (
     select hub_id,
       coalesce(extract(epoch from blocked_until - clock_timestamp()), 0)::float8 as blocked_for,
       least($2::float8, tokens + greatest(0, extract(epoch from clock_timestamp() - refilled_at)) * $3::float8)
         as tokens
     from hubspot_budget where hub_id = $1 for update
   ),
   taken as (
     update hubspot_budget set
       tokens = case when found.tokens >= 1 then found.tokens - 1 else found.tokens end,
       refilled_at = clock_timestamp()
     from found
     where hubspot_budget.hub_id = found.hub_id and found.blocked_for <= 0
   )
   select exists (select 1 from created) as created,
     (select tokens from found) as tokens, (select blocked_for from found) as blocked_for`,
);

/** How long to wait before a call may go out (0 = it was taken). */
const tryTake = async (database: Database, hubId: number): Promise<number> => {
  const [row] = await takeToken(database, [hubId, budget.capacity, budget.perSecond]);
  if (row?.created) return 0;
  // Created by another caller since this statement began: look again.
  if (row?.tokens == null || row.blocked_for == null) return 10;
  if (row.blocked_for > 0) return Math.ceil(row.blocked_for * 1000);
  return row.tokens >= 1 ? 0 : Math.ceil(((1 - row.tokens) / budget.perSecond) * 1000);
};

/** Waits for the portal's next free call. */
export const takeHubSpotCall = async (database: Database, hubId: number): Promise<void> => {
  for (;;) {
    const wait = await tryTake(database, hubId);
    if (wait === 0) return void hubspotCalls.inc({ portal: portalLabel(hubId) });
    await sleep(wait);
  }
};

/** After a 429: nobody calls the portal before `seconds` have passed, and the bucket starts empty. */
export const blockHubSpotCalls = async (db: Db, hubId: number, seconds: number): Promise<void> => {
  hubspotRateLimited.inc({ portal: portalLabel(hubId) });
  await db
    .update(hubspotBudget)
    .set({
      tokens: 0,
      refilledAt: sql`clock_timestamp() + make_interval(secs => ${seconds})`,
      blockedUntil: sql`clock_timestamp() + make_interval(secs => ${seconds})`,
    })
    .where(eq(hubspotBudget.hubId, hubId));
};
