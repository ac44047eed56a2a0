import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../context.ts';
import { activity, crmLink, type StripeEventRow } from '../../../db/schema.ts';
import type { Transaction } from '../../../db/client.ts';
import { observeSynced } from '../../../metrics/metrics.ts';
import {
  heldForDestination,
  moveEvents,
  type EventColumns,
  type EventState,
} from '../events/event-states.ts';
import { replayEvents } from '../replay/replay.ts';
import { backoffMs } from '../retry.ts';
import { heldForCurrency } from '../write/portal-currencies.ts';

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
        activity: { status: 'pending', reason: `Retrying: ${outcome.reason}` },
      };
    }
    case 'transient':
      return {
        state: 'ready',
        event: { lastError: outcome.reason, notBefore: new Date(Date.now() + backoffMs(2, 1000)) },
        activity: { status: 'pending', reason: `Retrying: ${outcome.reason}` },
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

const linkKey = (link: LinkWrite) => `${link.destinationId}\n${link.crmObjectType}\n${link.stripeObjectId}`;

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

/** Rows per statement: eleven parameters each stay far below the protocol's 65,535. */
const linksPerStatement = 1_000;

/** Saves the round's links in as few statements as there are thousands of them. */
const saveLinks = async (tx: Transaction, links: LinkWrite[]) => {
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
  for (let at = 0; at < rows.length; at += linksPerStatement) {
    await tx
      .insert(crmLink)
      .values(rows.slice(at, at + linksPerStatement))
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
      });
  }
};

/**
 * Records a round in one transaction: the CRM links, each event's state and its activity. Events
 * that changed state meanwhile (a replay, say) are left alone; identical changes go in one statement.
 */
export const settleRound = async (context: AppContext, round: RoundSettlement): Promise<void> => {
  const groups = new Map<string, { change: Change; ids: number[] }>();
  for (const event of round.events) {
    const outcome = round.outcomes.get(event.id);
    if (!outcome) continue;
    const change = changeOf(event, outcome);
    const key = JSON.stringify(change);
    groups.set(key, { change, ids: [...(groups.get(key)?.ids ?? []), event.id] });
  }
  await context.database.db.transaction(async (tx) => {
    await saveLinks(tx, round.links);
    for (const unlink of round.unlinks ?? []) {
      await tx
        .delete(crmLink)
        .where(
          and(
            eq(crmLink.destinationId, unlink.destinationId),
            eq(crmLink.crmObjectType, unlink.crmObjectType),
            eq(crmLink.stripeObjectId, unlink.stripeObjectId),
          ),
        );
    }
    for (const { change, ids } of groups.values()) {
      const moved = await moveEvents(tx, { from: 'ready', to: change.state, ids, set: change.event });
      if (moved.length === 0) continue;
      await tx
        .update(activity)
        .set({ ...change.activity, updatedAt: new Date() })
        .where(inArray(activity.stripeEventId, moved));
    }
    const reasons = (round.enabledCurrencies ?? []).map(heldForCurrency);
    if (reasons.length) await replayEvents(context, tx, round.subscriptionId, { states: ['held'], reasons });
  });
  observeSynced(round.events.filter((event) => round.outcomes.get(event.id)?.kind === 'written'));
};
