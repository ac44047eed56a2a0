import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { hubspotBudget } from '../../../db/schema.ts';
import { hubspotCalls, hubspotRateLimited, portalLabel } from '../../../metrics/metrics.ts';

/**
 * HubSpot allows 110 requests per rolling 10 s per portal. A token bucket of 5 with 10 refills a
 * second lets at most 5 + 10 × 10 = 105 calls into any 10 s window, shared by every worker on every
 * machine because the bucket is a row read and written under its lock.
 */
export const budget = { capacity: 5, perSecond: 10 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long to wait before a call may go out (0 = it was taken). */
const tryTake = async (db: Db, hubId: number): Promise<number> =>
  db.transaction(async (tx) => {
    await tx
      .insert(hubspotBudget)
      .values({ hubId, tokens: budget.capacity, refilledAt: sql`clock_timestamp()` })
      .onConflictDoNothing();
    const [row] = await tx
      .select({
        tokens: hubspotBudget.tokens,
        elapsed: sql<number>`extract(epoch from clock_timestamp() - ${hubspotBudget.refilledAt})::float8`,
        blockedFor: sql<number>`coalesce(extract(epoch from ${hubspotBudget.blockedUntil} - clock_timestamp()), 0)::float8`,
      })
      .from(hubspotBudget)
      .where(eq(hubspotBudget.hubId, hubId))
      .for('update');
    if (!row) return 100;
    if (row.blockedFor > 0) return Math.ceil(row.blockedFor * 1000);
    const tokens = Math.min(budget.capacity, row.tokens + Math.max(0, row.elapsed) * budget.perSecond);
    const enough = tokens >= 1;
    await tx
      .update(hubspotBudget)
      .set({ tokens: enough ? tokens - 1 : tokens, refilledAt: sql`clock_timestamp()` })
      .where(eq(hubspotBudget.hubId, hubId));
    return enough ? 0 : Math.ceil(((1 - tokens) / budget.perSecond) * 1000);
  });

/** Waits for the portal's next free call. */
export const takeHubSpotCall = async (db: Db, hubId: number): Promise<void> => {
  for (;;) {
    const wait = await tryTake(db, hubId);
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
