import { auditRetentionMonths, planList } from '@billbridge/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * Retention (decision 058). Three statements, each over one small batch, so no lock is held long
 * and no table is rewritten; the same on PGlite and PostgreSQL.
 *
 * - A settled event (`done`, `ignored`) older than `EVENT_PAYLOAD_DAYS` keeps only its envelope:
 *   the row, its id (dedup, forever: a late re-send must still meet the unique index) and its
 *   columns stay. Failed, held and waiting events keep theirs, as does an event a `crm_link` names
 *   as applied: reconciliation and the rules' dry run compare with that state.
 * - Activity older than its plan's `activityRetentionMonths` is deleted, unless its event can still
 *   be retried (failed, held) or is on its way.
 * - The product's own events (`.backfilled`, `.reconciled`, `.reevaluated`: ids we made, which no
 *   provider re-sends) are deleted with their activity once their payload is gone.
 * - Audit events (workspace changes and users' security events) are deleted after
 *   `auditRetentionMonths` (13), oldest first (issue 36 §2).
 * - The notes and tasks remembered per Stripe event (`crm_engagement`, decision 068) are deleted
 *   after `EVENT_PAYLOAD_DAYS` once no event of that id can be retried: by then a second delivery
 *   meets the inbox's unique index, and a settled event is never planned again.
 */
export type RetentionPolicy = { payloadDays: number; batchSize: number };
export type PruneCounts = {
  payloadsDropped: number;
  activitiesDeleted: number;
  eventsDeleted: number;
  auditEventsDeleted: number;
  engagementsDeleted: number;
};

const settledStates = sql`('done', 'ignored')`;
const syntheticType = sql`'\\.(backfilled|reconciled|reevaluated)$'`;
const namedAsApplied = sql`exists (select 1 from crm_link l where l.applied_event_id = e.event_id)`;

/** What an event keeps of its payload: the fields ingest and the activity log read (decision 055). */
const envelope = sql`jsonb_build_object(
  'id', e.payload->'id', 'object', e.payload->'object', 'type', e.payload->'type',
  'account', e.payload->'account', 'livemode', e.payload->'livemode', 'created', e.payload->'created',
  'data', jsonb_build_object('object', jsonb_build_object(
    'id', e.payload->'data'->'object'->'id', 'object', e.payload->'data'->'object'->'object')))`;

/**
 * One batch of the events still carrying a payload, after `afterId` in id order: the settled and
 * old ones among them drop it. Returns where the batch ended and whether the pass is over: a batch
 * all newer than the cutoff (ids grow with arrival, so nothing after it is old enough either).
 */
const dropPayloadBatch = async (db: Db, policy: RetentionPolicy, afterId: number) => {
  const [row] = await queryRows<{ last_id: string | null; past_cutoff: boolean | null; dropped: number }>(
    db,
    sql`with scanned as (
          select id, created_at as received_at from stripe_event
          where payload_pruned_at is null and id > ${afterId}
          order by id limit ${policy.batchSize}
        ), dropped as (
          update stripe_event e
          set payload = ${envelope}, raw_payload = null, payload_pruned_at = now()
          from scanned s
          where e.id = s.id and s.received_at < now() - make_interval(days => ${policy.payloadDays})
            and e.state in ${settledStates} and not ${namedAsApplied}
          returning e.id
        )
        select (select max(id) from scanned)::text as last_id,
          (select bool_and(received_at >= now() - make_interval(days => ${policy.payloadDays})) from scanned)
            as past_cutoff,
          (select count(*) from dropped)::int as dropped`,
  );
  return {
    lastId: row?.last_id === null || row?.last_id === undefined ? undefined : Number(row.last_id),
    done: row?.last_id === null || row?.last_id === undefined || row.past_cutoff === true,
    dropped: row?.dropped ?? 0,
  };
};

/** Each plan's months, as a `case` on the workspace's plan (13 for a plan id not in the table). */
const retentionMonths = sql.join(
  [
    sql`case s.plan_id`,
    ...planList.map((plan) => sql`when ${plan.id} then ${plan.activityRetentionMonths}`),
    sql`else 13 end`,
  ],
  sql` `,
);

/**
 * The shortest retention of any plan: activity younger than that is kept whatever the plan, and
 * saying so lets the time index bound the scan. Without it the per-plan `case` is no index
 * condition, and a pass with nothing old enough read all of activity and stripe_event (1.4 s at
 * 20,000 events; the whole tables every pass, growing with them).
 */
const shortestRetentionMonths = Math.min(...planList.map((plan) => plan.activityRetentionMonths));

/** One batch of the oldest activity past its plan's retention, with the own events it leaves behind. */
const deleteActivityBatch = async (db: Db, policy: RetentionPolicy) => {
  const [row] = await queryRows<{ activities: number; events: number }>(
    db,
    sql`with doomed as (
          select a.id from activity a
          join subscription s on s.id = a.subscription_id
          join stripe_event e on e.id = a.stripe_event_id
          where a.time < now() - make_interval(months => ${shortestRetentionMonths}::int)
            and a.time < now() - make_interval(months => ${retentionMonths}::int)
            and e.state in ${settledStates}
          order by a.time limit ${policy.batchSize}
        ), gone as (
          delete from activity a using doomed d where a.id = d.id returning a.stripe_event_id
        ), events as (
          delete from stripe_event e using gone g
          where e.id = g.stripe_event_id and e.payload_pruned_at is not null
            and e.type ~ ${syntheticType} and not ${namedAsApplied}
          returning e.id
        )
        select (select count(*) from gone)::int as activities, (select count(*) from events)::int as events`,
  );
  return { activities: row?.activities ?? 0, events: row?.events ?? 0 };
};

/** One batch of the oldest audit events past their 13 months; returns how many went. */
const deleteAuditBatch = async (db: Db, policy: RetentionPolicy): Promise<number> => {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with doomed as (
          select id from audit_event
          where created_at < now() - make_interval(months => ${auditRetentionMonths})
          order by created_at limit ${policy.batchSize}
        ), gone as (delete from audit_event a using doomed d where a.id = d.id returning a.id)
        select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
};

/** One batch of the oldest remembered notes and tasks whose events are settled and past the cutoff. */
const deleteEngagementBatch = async (db: Db, policy: RetentionPolicy): Promise<number> => {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with doomed as (
          select c.destination_id, c.stripe_event_id, c.crm_object_type from crm_engagement c
          where c.created_at < now() - make_interval(days => ${policy.payloadDays})
            and not exists (select 1 from stripe_event e
              where e.event_id = c.stripe_event_id and e.state not in ${settledStates})
          order by c.created_at limit ${policy.batchSize}
        ), gone as (
          delete from crm_engagement c using doomed d
          where c.destination_id = d.destination_id and c.stripe_event_id = d.stripe_event_id
            and c.crm_object_type = d.crm_object_type
          returning 1
        )
        select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
};

/** Runs `batch` until it deletes fewer than a batch, yielding between; returns how many went. */
const deleteInBatches = async (policy: RetentionPolicy, batch: () => Promise<number>): Promise<number> => {
  let total = 0;
  for (;;) {
    const deleted = await batch();
    total += deleted;
    if (deleted < policy.batchSize) return total;
    await yieldToEventLoop();
  }
};

/**
 * One full pass: batches until nothing is left to do, yielding between them (PGlite shares the
 * event loop with HTTP). Safe beside the sync and beside another pass: each statement re-checks
 * what it changes, and a second pass only finds less to do.
 */
export const pruneOnce = async (db: Db, policy: RetentionPolicy): Promise<PruneCounts> => {
  const counts: PruneCounts = {
    payloadsDropped: 0,
    activitiesDeleted: 0,
    eventsDeleted: 0,
    auditEventsDeleted: 0,
    engagementsDeleted: 0,
  };
  for (let afterId = 0; ;) {
    const batch = await dropPayloadBatch(db, policy, afterId);
    counts.payloadsDropped += batch.dropped;
    if (batch.done || batch.lastId === undefined) break;
    afterId = batch.lastId;
    await yieldToEventLoop();
  }
  for (;;) {
    const batch = await deleteActivityBatch(db, policy);
    counts.activitiesDeleted += batch.activities;
    counts.eventsDeleted += batch.events;
    if (batch.activities < policy.batchSize) break;
    await yieldToEventLoop();
  }
  counts.auditEventsDeleted = await deleteInBatches(policy, () => deleteAuditBatch(db, policy));
  counts.engagementsDeleted = await deleteInBatches(policy, () => deleteEngagementBatch(db, policy));
  return counts;
};

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
