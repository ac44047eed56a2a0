import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { activityReasons, syncCapOf, toggleOffReason } from '@billbridge/contract';
import type { AppContext } from '../../../context.ts';
import type { Db, Transaction } from '../../../db/client.ts';
import {
  activity,
  destination,
  source,
  stripeEvent,
  subscription,
  type DestinationRow,
  type SourceRow,
  type StripeEventRow,
  type SubscriptionRow,
} from '../../../db/schema.ts';
import { sendUsageNotices } from '../../usage/usage-notices.ts';
import { recordOverage } from '../../billing/overage.ts';
import { syncingDestinationsOf } from '../../destinations/destination-store.ts';
import { countSyncEventsOf, type Counted } from './usage-count.ts';
import { eventTypeOf } from '../../inbox/event-types.ts';
import { lockWorkspaces } from '../../inbox/workspace-lock.ts';
import {
  dueReady,
  heldForDestination,
  moveEventsStatement,
  type EventState,
} from '../../inbox/event-states.ts';
import { syncTogglesOf } from '../../inbox/source-settings.ts';
import { applyCustomerFilters, sourceFiltersLookup, type Filtering } from './customer-filters.ts';

type Verdict = {
  state: EventState;
  status: 'pending' | 'success' | 'warning' | 'filtered';
  reason: string | null;
};

/**
 * Events read by the gate in one transaction, received and due ready together: a round's worth
 * (plan's `roundSize`), so a backlog that arrives at once fills rounds of 1,000 events, batches of
 * 100 per object type, instead of half of that.
 */
const gateBatch = 1_000;

const heldForCap = activityReasons.heldForCap;

type GateInput = {
  workspace: SubscriptionRow;
  sources: Map<string, SourceRow>;
  destinations: DestinationRow[];
};

/** The gate's answer for one event before usage is counted (ARCHITECTURE §7.2). */
const verdictOf = (event: StripeEventRow, input: GateInput, filtering: Filtering): Verdict | 'count' => {
  const kind = eventTypeOf(event.type);
  if (input.workspace.status === 'canceled') {
    return { state: 'ignored', status: 'warning', reason: activityReasons.workspaceCanceled };
  }
  const found = event.sourceId ? input.sources.get(event.sourceId) : undefined;
  if (!found?.accountId) {
    return { state: 'ignored', status: 'warning', reason: activityReasons.sourceDisconnected };
  }
  if (!found.enabled) return { state: 'ignored', status: 'warning', reason: activityReasons.sourceDisabled };
  if (!kind.toggle) {
    return { state: 'done', status: 'success', reason: activityReasons.nothingToSync };
  }
  if (!syncTogglesOf(found.settings)[kind.toggle]) {
    return {
      state: 'ignored',
      status: 'warning',
      reason: toggleOffReason(kind.toggle),
    };
  }
  const filtered = filtering.reasonOf(event);
  if (filtered) return { state: 'filtered', status: 'filtered', reason: filtered };
  if (input.destinations.length === 0)
    return { state: 'held', status: 'warning', reason: heldForDestination };
  if (input.workspace.status === 'capped' && (!isBackfill(event.type) || isImport(event.type))) {
    return { state: 'held', status: 'warning', reason: heldForCap };
  }
  return 'count';
};

/**
 * An import of existing objects (backfill, decision 012), a correction found by a reconciliation
 * (decision 032) or a deal following changed rules (decision 033) is not a sync event: never
 * counted, never capped.
 */
export const isBackfill = (eventType: string): boolean => eventTypeOf(eventType).synthetic === true;

/**
 * An import's object (decision 012): never counted, but held while the workspace is capped as live
 * events are (issue 38), so an import cannot push past the cap; a release sends it on uncounted.
 */
const isImport = (eventType: string): boolean => eventType.endsWith('.backfilled');

const ready: Verdict = { state: 'ready', status: 'pending', reason: null };
const capped: Verdict = { state: 'held', status: 'warning', reason: heldForCap };

/** Events that count towards usage: not an import, a correction or a deal following rules. */
const countingOf = (events: StripeEventRow[]) => events.filter((event) => !isBackfill(event.type));

/**
 * What counting the events that passed the gate towards the period's usage came to, oldest first,
 * up to the plan's cap: the rest wait (held, never dropped) for an upgrade or the next period, and
 * reaching the cap marks the workspace capped.
 */
const countedOrHeld = async (
  context: AppContext,
  tx: Transaction,
  workspace: SubscriptionRow,
  events: StripeEventRow[],
  { counted, total, notifiedLevels }: Counted,
): Promise<Verdict[]> => {
  const counting = countingOf(events);
  if (counted < counting.length) {
    await tx
      .update(subscription)
      .set({ status: 'capped', updatedAt: new Date() })
      .where(and(eq(subscription.id, workspace.id), eq(subscription.status, 'active')));
    workspace.status = 'capped';
  }
  if (counted > 0) {
    await recordOverage(context, tx, workspace, counting.slice(0, counted), total);
    await sendUsageNotices(context, tx, {
      subscriptionId: workspace.id,
      periodStart: workspace.currentPeriodStart,
      events: total,
      workspace,
      notifiedLevels,
    });
  }
  const allowed = new Set(counting.slice(0, counted).map((event) => event.id));
  return events.map((event) => (isBackfill(event.type) || allowed.has(event.id) ? ready : capped));
};

/**
 * Records verdicts in one statement: a move per distinct verdict and an insert of every activity,
 * as CTEs (a builder embedded in `sql` comes in parentheses: `name as (statement)`).
 */
const recordVerdicts = async (tx: Transaction, events: StripeEventRow[], verdicts: Verdict[]) => {
  const groups = new Map<string, { verdict: Verdict; ids: number[] }>();
  events.forEach((event, index) => {
    const verdict = verdicts[index] ?? ready;
    const key = JSON.stringify(verdict);
    groups.set(key, { verdict, ids: [...(groups.get(key)?.ids ?? []), event.id] });
  });
  const moves = [...groups.values()].map(
    ({ verdict, ids }, index) =>
      sql`${sql.identifier(`moved_${index}`)} as ${moveEventsStatement(tx, {
        from: 'received',
        to: verdict.state,
        ids,
        set: { lastError: verdict.reason },
      })}`,
  );
  const activities = tx
    .insert(activity)
    .values(
      events.map((event, index) => ({
        subscriptionId: event.subscriptionId as string,
        stripeEventId: event.id,
        type: eventTypeOf(event.type).activity,
        rawEventType: event.type,
        eventId: event.eventId,
        time: new Date(event.created * 1000),
        status: verdicts[index]?.status ?? 'pending',
        reason: verdicts[index]?.reason ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: activity.stripeEventId,
      set: { status: sql`excluded.status`, reason: sql`excluded.reason`, updatedAt: new Date() },
    });
  await tx.execute(sql`with ${sql.join([...moves, sql`activities as ${activities}`], sql`, `)} select 1`);
};

/**
 * Each workspace, its sources (an event's source is one of them) and the destinations it syncs
 * to, in one statement: a row per workspace, source and destination.
 */
const gateInputsOf = async (tx: Transaction, subscriptionIds: string[]): Promise<Map<string, GateInput>> => {
  const rows = await tx
    .select({ workspace: subscription, source, destination })
    .from(subscription)
    .leftJoin(source, eq(source.subscriptionId, subscription.id))
    .leftJoin(destination, syncingDestinationsOf(subscription.id))
    .where(inArray(subscription.id, subscriptionIds));
  const byId = <Row extends { id: string }>(found: (Row | null)[]) =>
    new Map(found.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  return new Map(
    [...byId(rows.map((row) => row.workspace)).values()].map((workspace) => {
      const own = rows.filter((row) => row.workspace.id === workspace.id);
      return [
        workspace.id,
        {
          workspace,
          sources: byId(own.map((row) => row.source)),
          destinations: [...byId(own.map((row) => row.destination)).values()],
        },
      ];
    }),
  );
};

/** The source filters over the received events, and the held-back events their customers let through. */
const filteringOf = (tx: Transaction, inbox: StripeEventRow[], inputs: Map<string, GateInput>) => {
  const sources = new Map([...inputs.values()].flatMap((input) => [...input.sources]));
  const received = inbox.filter((row) => row.state === 'received');
  return applyCustomerFilters(tx, received, sourceFiltersLookup(sources));
};

/** What the gate hands the round: the ready events due now and, when it read them, the destinations. */
export type Gated = { events: StripeEventRow[]; destinations?: DestinationRow[] };

/**
 * The received and due ready events of each workspace, oldest first, at most `gateBatch` of each
 * (a backlog of one takes no room from the others), locked for the transaction.
 */
const inboxesOf = (tx: Transaction, subscriptionIds: string[]) => {
  const firstOfEach = tx
    .select({ id: stripeEvent.id })
    .from(stripeEvent)
    .where(
      and(eq(stripeEvent.subscriptionId, subscription.id), or(eq(stripeEvent.state, 'received'), dueReady)),
    )
    .orderBy(asc(stripeEvent.id))
    .limit(gateBatch);
  return tx
    .select()
    .from(stripeEvent)
    .where(
      sql`${stripeEvent.id} in (select inbox.id from ${subscription} cross join lateral ${firstOfEach} as inbox
        where ${inArray(subscription.id, subscriptionIds)})`,
    )
    .orderBy(asc(stripeEvent.id))
    .for('update', { skipLocked: true });
};

/**
 * Each received event's verdict, workspace by workspace; the usage of every workspace is counted
 * in one statement.
 */
const verdictsOf = async (
  context: AppContext,
  tx: Transaction,
  received: StripeEventRow[],
  inputs: Map<string, GateInput>,
  filtering: Filtering,
): Promise<Map<number, Verdict>> => {
  const workspaces = [...inputs.values()].map((input) => {
    const events = received.filter((row) => row.subscriptionId === input.workspace.id);
    const before = events.map((event) => verdictOf(event, input, filtering));
    return { input, events, before, passing: events.filter((_, index) => before[index] === 'count') };
  });
  const counts = await countSyncEventsOf(
    tx,
    workspaces.flatMap(({ input: { workspace }, passing }) => {
      const wanted = countingOf(passing).length;
      if (wanted === 0) return [];
      const cap = syncCapOf(workspace.planId);
      return [{ subscriptionId: workspace.id, periodStart: workspace.currentPeriodStart, cap, wanted }];
    }),
  );
  const verdicts = new Map<number, Verdict>();
  for (const { input, events, before, passing } of workspaces) {
    const count = counts.get(input.workspace.id);
    const afterCount = count
      ? await countedOrHeld(context, tx, input.workspace, passing, count)
      : passing.map(() => ready);
    passing.forEach((event, index) => verdicts.set(event.id, afterCount[index] ?? ready));
    events.forEach((event, index) => {
      const verdict = before[index];
      if (verdict && verdict !== 'count') verdicts.set(event.id, verdict);
    });
  }
  return verdicts;
};

/**
 * Moves the received events of several workspaces through the gate, oldest first, in one
 * transaction and shared statements (a drain each cost a transaction of six; no network inside:
 * PGlite has one connection). Returns each workspace's ready events due now, oldest first (the
 * same look read those already ready and those to gate), and its destinations when it read them.
 */
export const gateWorkspaces = async (
  context: AppContext,
  db: Db,
  subscriptionIds: string[],
): Promise<Map<string, Gated>> =>
  db.transaction(async (tx) => {
    await lockWorkspaces(tx, subscriptionIds);
    const inbox = subscriptionIds.length ? await inboxesOf(tx, subscriptionIds) : [];
    // Read for every workspace once any has events to gate: the rounds take their destinations.
    const inputs = inbox.some((row) => row.state === 'received')
      ? await gateInputsOf(tx, subscriptionIds)
      : new Map<string, GateInput>();
    const filtering = await filteringOf(tx, inbox, inputs);
    const rows = [...inbox, ...filtering.released].sort((a, b) => a.id - b.id);
    const received = rows.filter((row) => row.state === 'received');
    const verdictOfEvent = await verdictsOf(context, tx, received, inputs, filtering);
    const gated = received.filter((row) => verdictOfEvent.has(row.id));
    if (gated.length)
      await recordVerdicts(
        tx,
        gated,
        gated.map((row) => verdictOfEvent.get(row.id) ?? ready),
      );
    const readied = new Set(
      gated.filter((row) => verdictOfEvent.get(row.id)?.state === 'ready').map((row) => row.id),
    );
    const readyNow = (row: StripeEventRow): StripeEventRow[] => {
      if (row.state === 'ready') return [row];
      return readied.has(row.id) ? [{ ...row, state: 'ready', lastError: null }] : [];
    };
    return new Map(
      subscriptionIds.map((subscriptionId) => {
        const events = rows.filter((row) => row.subscriptionId === subscriptionId).flatMap(readyNow);
        const input = inputs.get(subscriptionId);
        return [subscriptionId, input ? { events, destinations: input.destinations } : { events }];
      }),
    );
  });
