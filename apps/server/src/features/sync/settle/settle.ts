import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { retryingReason } from '@billbridge/contract';
import type { AppContext } from '../../../context.ts';
import { activity, crmLink, stripeEvent, type StripeEventRow } from '../../../db/schema.ts';
import { queryRows, type Db } from '../../../db/client.ts';
import { observeSynced } from '../../../metrics/metrics.ts';
import {
  heldForDestination,
  moveEventsStatement,
  type EventColumns,
  type EventState,
} from '../../inbox/event-states.ts';
import { replayEvents } from '../../inbox/replay/replay.ts';
import { backoffMs } from '../../../providers/retry.ts';
import { heldForCurrency } from '../../../providers/hubspot/portal-currencies.ts';

export type EventOutcome =
  | { kind: 'written'; warnings: string[]; note?: string | undefined }
  | { kind: 'failed'; reason: string; final?: boolean }
  | { kind: 'transient'; reason: string }
  /** Without a reason: no destination to write to. */
  | { kind: 'held'; reason?: string };

/** A record HubSpot took: its id there, and the state of the Stripe object it was given. */
export type LinkWrite = {
  destinationId: string;
  crmObjectType: string;
  stripeObjectId: string;
  crmObjectId: string;
  eventCreated: number;
  eventRank: number;
  eventId: string | null;
  parentStripeObjectId: string | null;
  /** A deal's pipeline and stage as written (absent when the portal lacked the stage). */
  dealPipeline?: string | undefined;
  dealStage?: string | undefined;
};

export type Unlink = Pick<LinkWrite, 'destinationId' | 'crmObjectType' | 'stripeObjectId'>;

/** What a round came to, as data: one outcome per event, the links to save and to drop. */
export type RoundSettlement = {
  subscriptionId: string;
  events: StripeEventRow[];
  outcomes: Map<number, EventOutcome>;
  links: LinkWrite[];
  unlinks?: Unlink[];
  /** Currencies a portal has turned on since events were held for them: those events go again. */
  enabledCurrencies?: string[];
};

/** Write attempts a refused record gets before it is dead-lettered (replayable). */
export const maxRecordAttempts = 3;

type Change = {
  /** Where the ready event goes; `ready` again: it is retried later. */
  state: EventState;
  event: EventColumns;
  activity: { status: string; reason: string | null };
};

const changeOf = (event: StripeEventRow, outcome: EventOutcome): Change => {
  switch (outcome.kind) {
    case 'written': {
      const reason = outcome.warnings.join('; ') || outcome.note || null;
      return {
        state: 'done',
        event: { lastError: null, notBefore: null },
        activity: { status: outcome.warnings.length ? 'warning' : 'success', reason },
      };
    }
    case 'failed': {
      const attempts = event.attempts + 1;
      if (attempts >= maxRecordAttempts || outcome.final) {
        return {
          state: 'failed',
          event: { attempts, lastError: outcome.reason },
          activity: { status: 'failure', reason: outcome.reason },
        };
      }
      return {
        state: 'ready',
        event: {
          attempts,
          lastError: outcome.reason,
          notBefore: new Date(Date.now() + backoffMs(attempts, 1000)),
        },
        activity: { status: 'pending', reason: retryingReason(outcome.reason) },
      };
    }
    case 'transient':
      return {
        state: 'ready',
        event: { lastError: outcome.reason, notBefore: new Date(Date.now() + backoffMs(2, 1000)) },
        activity: { status: 'pending', reason: retryingReason(outcome.reason) },
      };
    case 'held':
      return {
        state: 'held',
        event: { lastError: outcome.reason ?? null },
        activity: { status: 'warning', reason: outcome.reason ?? heldForDestination },
      };
  }
};

/** The row's new event comes at or after the one applied (none applied counts as earliest). */
const laterThanApplied = sql`(excluded.applied_event_created, excluded.applied_event_rank) >= (coalesce(${crmLink.appliedEventCreated}, -1), ${crmLink.appliedEventRank})`;

/** The new row's value of `column` where its event is the later one, else what the link has. */
const ifLater = (column: AnyPgColumn) =>
  sql`case when ${laterThanApplied} then ${sql.raw(`excluded.${column.name}`)} else ${column} end`;

const linkKey = (link: Unlink) => `${link.destinationId}\n${link.crmObjectType}\n${link.stripeObjectId}`;

/** One write per record (an upsert may touch a row once): the later event's, by second then rank. */
const latestPerRecord = (links: LinkWrite[]): LinkWrite[] => {
  const latest = new Map<string, LinkWrite>();
  for (const link of links) {
    const seen = latest.get(linkKey(link));
    const later =
      !seen ||
      link.eventCreated > seen.eventCreated ||
      (link.eventCreated === seen.eventCreated && link.eventRank >= seen.eventRank);
    if (later) latest.set(linkKey(link), link);
  }
  return [...latest.values()];
};

/** Rows per insert: eleven parameters each stay far below the protocol's 65,535. */
const linksPerStatement = 1_000;

/** The round's links, as upserts of as many rows as there are thousands of them. */
const saveLinks = (db: Db, links: LinkWrite[]) => {
  const rows = latestPerRecord(links).map((link) => ({
    destinationId: link.destinationId,
    stripeObjectId: link.stripeObjectId,
    crmObjectType: link.crmObjectType,
    crmObjectId: link.crmObjectId,
    appliedEventCreated: link.eventCreated,
    appliedEventRank: link.eventRank,
    appliedEventId: link.eventId,
    parentStripeObjectId: link.parentStripeObjectId,
    dealPipeline: link.dealPipeline ?? null,
    dealStage: link.dealStage ?? null,
  }));
  const chunks = Array.from({ length: Math.ceil(rows.length / linksPerStatement) }, (_, index) =>
    rows.slice(index * linksPerStatement, (index + 1) * linksPerStatement),
  );
  return chunks.map((chunk) =>
    db
      .insert(crmLink)
      .values(chunk)
      .onConflictDoUpdate({
        target: [crmLink.destinationId, crmLink.stripeObjectId, crmLink.crmObjectType],
        set: {
          crmObjectId: sql`excluded.crm_object_id`,
          // The later of the two in the object's life: second, then rank within it.
          appliedEventCreated: ifLater(crmLink.appliedEventCreated),
          appliedEventRank: ifLater(crmLink.appliedEventRank),
          appliedEventId: ifLater(crmLink.appliedEventId),
          parentStripeObjectId: sql`excluded.parent_stripe_object_id`,
          // A deal written without a stage (the portal lacked it) keeps the one it had.
          dealPipeline: sql`case when excluded.deal_stage is not null and ${laterThanApplied} then excluded.deal_pipeline else ${crmLink.dealPipeline} end`,
          dealStage: sql`case when excluded.deal_stage is not null and ${laterThanApplied} then excluded.deal_stage else ${crmLink.dealStage} end`,
          updatedAt: new Date(),
        },
      }),
  );
};

const dropLinks = (db: Db, unlinks: Unlink[]) =>
  unlinks.map((unlink) =>
    db
      .delete(crmLink)
      .where(
        and(
          eq(crmLink.destinationId, unlink.destinationId),
          eq(crmLink.crmObjectType, unlink.crmObjectType),
          eq(crmLink.stripeObjectId, unlink.stripeObjectId),
        ),
      ),
  );

type EventChange = { id: number; change: Change };

/** Each event's change, as its outcome makes it: once, as a retry's backoff is drawn at random. */
const changesOf = (round: RoundSettlement): EventChange[] =>
  round.events.flatMap((event) => {
    const outcome = round.outcomes.get(event.id);
    return outcome ? [{ id: event.id, change: changeOf(event, outcome) }] : [];
  });

/** Each event's move, identical changes together, and the activities of the events it moved. */
const moveWithActivities = (db: Db, changes: EventChange[]): SQL[] => {
  const groups = new Map<string, { change: Change; ids: number[] }>();
  for (const { id, change } of changes) {
    const key = JSON.stringify(change);
    groups.set(key, { change, ids: [...(groups.get(key)?.ids ?? []), id] });
  }
  return [...groups.values()].flatMap(({ change, ids }, index) => {
    const moved = sql.identifier(`moved_${index}`);
    const move = moveEventsStatement(db, { from: 'ready', to: change.state, ids, set: change.event });
    const activities = db
      .update(activity)
      .set({ ...change.activity, updatedAt: new Date() })
      .where(sql`${activity.stripeEventId} in (select id from ${moved})`);
    return [sql`${moved} as ${move}`, sql`${sql.identifier(`activities_${index}`)} as ${activities}`];
  });
};

/** What waits in the workspace's inbox after a round: received events, and when the earliest ready one is due. */
export type Waiting = { received: boolean; dueInSeconds: number | undefined };

/**
 * What waits in the workspaces' inboxes, `besides` the events given, in one look (the state index
 * holds them): a row per workspace with any. The settle statement runs it as its own query: it
 * sees the inbox as the statement began, so the round's events are left out and counted from their
 * changes.
 */
export const waitingQuery = (subscriptionIds: string[], besides: number[] = []) => sql`select
    ${stripeEvent.subscriptionId} as subscription_id,
    coalesce(bool_or(${stripeEvent.state} = 'received'), false) as received,
    extract(epoch from min(coalesce(${stripeEvent.notBefore}, now()))
      filter (where ${stripeEvent.state} = 'ready') - now())::float8 as due_in_seconds
  from ${stripeEvent}
  where ${and(
    inArray(stripeEvent.subscriptionId, subscriptionIds),
    inArray(stripeEvent.state, ['received', 'ready']),
    notInArray(stripeEvent.id, besides),
  )}
  group by ${stripeEvent.subscriptionId}`;

export type WaitingRow = { subscription_id: string; received: boolean; due_in_seconds: number | null };

/** When the earliest of the round's events that stay ready (retried later) is due, in seconds. */
const dueAgainInSeconds = (changes: EventChange[]): number | undefined => {
  const due = changes.flatMap(({ change }) =>
    change.state === 'ready' ? [((change.event.notBefore?.getTime() ?? Date.now()) - Date.now()) / 1000] : [],
  );
  return due.length ? Math.min(...due) : undefined;
};

/** What waits, from the waiting query's row and, after a round, when its retries are due. */
export const waitingFrom = (row: WaitingRow | undefined, dueAgain?: number): Waiting => {
  const due = [row?.due_in_seconds, dueAgain].filter((value): value is number => typeof value === 'number');
  return { received: row?.received === true, dueInSeconds: due.length ? Math.min(...due) : undefined };
};

/**
 * Records the rounds of several workspaces in ONE statement, its parts as CTEs (atomic, with no
 * transaction's round trips: a round of a lone event used to cost five, and each workspace's round
 * one): the CRM links, each event's state and its activity; its query says what waits in each
 * inbox besides. Events that changed state meanwhile (a replay, say) are left alone. Held events of
 * currencies a portal has turned on go again in the same transaction.
 */
export const settleRounds = async (
  context: AppContext,
  db: Db,
  rounds: RoundSettlement[],
): Promise<Map<string, Waiting>> => {
  // One statement sees one snapshot: a link a round also drops is not saved (saving it first and
  // deleting it after, as two statements did, came to the same).
  const unlinks = rounds.flatMap((round) => round.unlinks ?? []);
  const dropped = new Set(unlinks.map(linkKey));
  const links = rounds.flatMap((round) => round.links).filter((link) => !dropped.has(linkKey(link)));
  const changes = rounds.map(changesOf);
  // A builder embedded in `sql` comes in parentheses: `name as (statement)`.
  const parts: SQL[] = [
    ...saveLinks(db, links).map((insert, index) => sql`${sql.identifier(`links_${index}`)} as ${insert}`),
    ...dropLinks(db, unlinks).map((remove, index) => sql`${sql.identifier(`unlinks_${index}`)} as ${remove}`),
    ...moveWithActivities(db, changes.flat()),
  ];
  const waiting = waitingQuery(
    rounds.map((round) => round.subscriptionId),
    rounds.flatMap((round) => round.events.map((event) => event.id)),
  );
  const statement = parts.length ? sql`with ${sql.join(parts, sql`, `)} ${waiting}` : waiting;
  const settle = (run: Db) => queryRows<WaitingRow>(run, statement);
  const replays = rounds.filter((round) => round.enabledCurrencies?.length);
  const besides =
    replays.length === 0
      ? await settle(db)
      : await db.transaction(async (tx) => {
          const rows = await settle(tx);
          for (const round of replays) {
            const reasons = (round.enabledCurrencies ?? []).map(heldForCurrency);
            await replayEvents(context, tx, round.subscriptionId, { states: ['held'], reasons });
          }
          return rows;
        });
  observeSynced(
    rounds.flatMap((round) =>
      round.events.filter((event) => round.outcomes.get(event.id)?.kind === 'written'),
    ),
  );
  return new Map(
    rounds.map((round, index) => [
      round.subscriptionId,
      waitingFrom(
        besides.find((row) => row.subscription_id === round.subscriptionId),
        dueAgainInSeconds(changes[index] ?? []),
      ),
    ]),
  );
};
