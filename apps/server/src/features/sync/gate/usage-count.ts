import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Transaction } from '../../../db/client.ts';
import { usage } from '../../../db/schema.ts';

export type Counted = {
  counted: number;
  /** The period's events after counting. */
  total: number;
  /** The usage notices already sent this period (`usage-notices.ts` sends each level once). */
  notifiedLevels: number[];
};

type Row = { before: number; total: number; notified_levels: number[] };

/** How many of `wanted` fit below `cap` after `events` already counted (no cap: all). */
const countable = (events: SQL, cap: number | undefined, wanted: number): SQL =>
  cap === undefined ? sql`${wanted}::int` : sql`least(${wanted}::int, greatest(0, ${cap}::int - ${events}))`;

/**
 * Counts up to `wanted` sync events in the workspace's period without passing `cap` (undefined:
 * no cap) and returns how many were counted and the new total. The usage row is locked for the
 * transaction, so concurrent counters never pass the cap together. One statement once the period
 * has its row (it locks the row, reads it and adds); the period's first count inserts it.
 */
export const countSyncEvents = async (
  tx: Transaction,
  subscriptionId: string,
  periodStart: Date,
  cap: number | undefined,
  wanted: number,
): Promise<Counted> => {
  const db = tx as unknown as Db;
  const period = sql`${periodStart.toISOString()}::timestamptz`;
  const ofPeriod = sql`${usage.subscriptionId} = ${subscriptionId} and ${usage.periodStart} = ${period}`;
  const add = async (): Promise<Row | undefined> => {
    const [row] = await queryRows<Row>(
      db,
      sql`with old as (select ${usage.events} as events from ${usage} where ${ofPeriod} for update)
          update ${usage} set events = old.events + ${countable(sql`old.events`, cap, wanted)}
          from old where ${ofPeriod}
          returning old.events as before, ${usage.events} as total, ${usage.notifiedLevels} as notified_levels`,
    );
    return row;
  };
  const row =
    (await add()) ??
    (
      await queryRows<Row>(
        db,
        sql`insert into ${usage} (subscription_id, period_start, events)
            values (${subscriptionId}, ${period}, ${countable(sql`0`, cap, wanted)})
            on conflict do nothing
            returning 0 as before, events as total, notified_levels`,
      )
    )[0] ??
    // Another transaction inserted the period's row meanwhile: it is there to add to now.
    (await add());
  if (!row) throw new Error(`usage of ${subscriptionId} could not be counted`);
  return { counted: row.total - row.before, total: row.total, notifiedLevels: row.notified_levels };
};

/** What one workspace wants counted (`countSyncEvents`' arguments). */
export type CountWanted = {
  subscriptionId: string;
  periodStart: Date;
  cap: number | undefined;
  wanted: number;
};

/**
 * Counts for several workspaces at once, each as `countSyncEvents` does: ONE statement for those
 * whose period has its row (locked in workspace order, so two counters never wait on each other in
 * a circle); a period's first count goes on its own.
 */
export const countSyncEventsOf = async (
  tx: Transaction,
  wants: CountWanted[],
): Promise<Map<string, Counted>> => {
  if (wants.length === 0) return new Map();
  const db = tx as unknown as Db;
  const wanted = sql.join(
    wants.map(
      (want) =>
        sql`(${want.subscriptionId}::text, ${want.periodStart.toISOString()}::timestamptz, ${want.cap ?? null}::int, ${want.wanted}::int)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<Row & { subscription_id: string }>(
    db,
    sql`with wanted (subscription_id, period_start, cap, wanted) as (values ${wanted}),
        old as (
          select u.subscription_id, u.period_start, u.events, w.cap, w.wanted
          from ${usage} u join wanted w on u.subscription_id = w.subscription_id and u.period_start = w.period_start
          order by u.subscription_id
          for update of u
        )
        update ${usage}
        set events = old.events + least(old.wanted, greatest(0, coalesce(old.cap - old.events, old.wanted)))
        from old where ${usage.subscriptionId} = old.subscription_id and ${usage.periodStart} = old.period_start
        returning old.subscription_id, old.events as before, ${usage.events} as total, ${usage.notifiedLevels} as notified_levels`,
  );
  const counted = new Map(
    rows.map((row) => [
      row.subscription_id,
      { counted: row.total - row.before, total: row.total, notifiedLevels: row.notified_levels },
    ]),
  );
  for (const want of wants.filter(({ subscriptionId }) => !counted.has(subscriptionId))) {
    counted.set(
      want.subscriptionId,
      await countSyncEvents(tx, want.subscriptionId, want.periodStart, want.cap, want.wanted),
    );
  }
  return counted;
};
