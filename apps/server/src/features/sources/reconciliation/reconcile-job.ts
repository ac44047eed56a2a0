import type Stripe from 'stripe';
import type { CrmObjectType } from '@billbridge/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { reconciliationMessages, type BackfillKind } from '@billbridge/contract';
import type { AppContext } from '../../../context.ts';
import {
  crmLink,
  destination,
  reconciliation,
  source,
  stripeEvent,
  type ReconciliationRow,
  type SourceRow,
} from '../../../db/schema.ts';
import type { JobDefinition } from '../../../jobs/queue.ts';
import { isPermanent, pagedListingJobOptions, runPagedJob, type Step } from '../backfill/backfill-job.ts';
import { sourceStripeClient } from '../../../providers/stripe-client.ts';
import { loseRevokedKey } from '../../connections/key-source-lost.ts';
import {
  listStripePage,
  syntheticEventType,
  syntheticEventsOf,
  type ListedObject,
  type ListedPage,
} from '../backfill/stripe-listing.ts';
import { syncingDestinationsOf } from '../../destinations/destination-store.ts';
import { enqueueDrain } from '../../inbox/drain-queue.ts';
import { rememberProducts } from '../../inbox/known-products.ts';
import { fieldMappingsOf, rulesOf } from '../../destinations/destination-store.ts';
import { enqueueReconciliation, reconcileQueue } from './begin-reconciliation.ts';
import { differsFromApplied, type AppliedState } from './differences.ts';
import { lockNamespaces } from '../../../db/lock-namespaces.ts';

/** The HubSpot record each kind becomes: its link holds the state applied. */
const recordTypeOf: Record<BackfillKind, CrmObjectType> = {
  products: 'products',
  customers: 'contacts',
  subscriptions: 'deals',
  invoices: 'invoices',
};

/**
 * Inbox states of an event not yet applied: its object will be written anyway. A filtered one
 * waits for its customer to qualify (decision 069): another copy would only be filtered again.
 */
const waitingStates = ['received', 'ready', 'held', 'filtered'];

/** Per listed object, the state its link in one destination says HubSpot was given. */
const appliedStates = async (
  context: AppContext,
  { destinationId, accountId }: { destinationId: string; accountId: string },
  recordType: CrmObjectType,
  ids: string[],
): Promise<Map<string, AppliedState | undefined>> => {
  const rows = await context.database.db
    .select({ objectId: crmLink.stripeObjectId, type: stripeEvent.type, payload: stripeEvent.payload })
    .from(crmLink)
    .leftJoin(
      stripeEvent,
      and(eq(stripeEvent.accountId, accountId), eq(stripeEvent.eventId, crmLink.appliedEventId)),
    )
    .where(
      and(
        eq(crmLink.destinationId, destinationId),
        eq(crmLink.crmObjectType, recordType),
        inArray(crmLink.stripeObjectId, ids),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.objectId,
      row.type && row.payload
        ? { type: row.type, object: (row.payload as { data?: { object?: unknown } }).data?.object }
        : undefined,
    ]),
  );
};

/**
 * The listed objects whose state differs from what a syncing destination of the workspace was
 * given (decision 032), leaving out those with an event still on its way through the sync.
 */
const differingObjects = async (
  context: AppContext,
  from: SourceRow,
  kind: BackfillKind,
  objects: ListedObject[],
): Promise<ListedObject[]> => {
  if (objects.length === 0) return [];
  const { db } = context.database;
  const ids = objects.map((object) => object.id);
  const waiting = await db
    .selectDistinct({ objectId: stripeEvent.objectId })
    .from(stripeEvent)
    .where(
      and(
        eq(stripeEvent.subscriptionId, from.subscriptionId),
        inArray(stripeEvent.state, waitingStates),
        inArray(stripeEvent.objectId, ids),
      ),
    );
  const onTheirWay = new Set(waiting.map((row) => row.objectId));
  const destinations = await db.select().from(destination).where(syncingDestinationsOf(from.subscriptionId));
  const type = syntheticEventType(kind, 'reconciled');
  const differing = new Set<string>();
  for (const row of destinations) {
    const applied = await appliedStates(
      context,
      { destinationId: row.id, accountId: from.accountId ?? '' },
      recordTypeOf[kind],
      ids,
    );
    const [rules, fieldMappings] = [rulesOf(row), fieldMappingsOf(row)];
    for (const object of objects) {
      const appliedState = applied.get(object.id);
      if (
        !onTheirWay.has(object.id) &&
        differsFromApplied(type, object, appliedState, rules, fieldMappings)
      ) {
        differing.add(object.id);
      }
    }
  }
  return objects.filter((object) => differing.has(object.id));
};

/**
 * Compares the next page: lists it from Stripe (outside any transaction), finds what differs,
 * then in ONE transaction advances the cursor (only if nobody moved it meanwhile), stores each
 * difference as a `<kind>.reconciled` inbox event and asks for a drain.
 */
const reconcileNextPage = async (context: AppContext, reconciliationId: string): Promise<Step> => {
  const { db } = context.database;
  const [row] = await db.select().from(reconciliation).where(eq(reconciliation.id, reconciliationId));
  if (row?.status !== 'running') return 'finished';
  const [from] = await db.select().from(source).where(eq(source.id, row.sourceId));
  const settings = context.providers.stripe;
  if (!from?.accountId || !from.enabled || !settings) {
    await fail(context, row, reconciliationMessages.sourceDisconnectedDuringReconciliation);
    return 'finished';
  }
  const kind = row.cursor.kind as BackfillKind;
  let page: ListedPage;
  try {
    const client = sourceStripeClient(settings, context.secretBox, from);
    page = await listStripePage(client, kind, row.cursor.after, row.listedUpTo);
  } catch (error) {
    if (!isPermanent(error)) throw error; // the job is retried with backoff
    await loseRevokedKey(context, from, error);
    await fail(context, row, (error as Error).message);
    return 'finished';
  }
  // The products it lists correct those kept for field mappings (decision 078).
  if (kind === 'products') await rememberProducts(db, from.id, page.objects as Stripe.Product[]);
  const differing = await differingObjects(context, from, kind, page.objects);
  const last = page.objects.at(-1);
  const following = row.kinds[row.kinds.indexOf(kind) + 1];
  const next =
    page.hasMore && last ? { kind, after: last.id } : following ? { kind: following, after: null } : null;
  const stored = await db.transaction(async (tx) => {
    const [advanced] = await tx
      .update(reconciliation)
      .set({
        cursor: next ?? row.cursor,
        checked: row.checked + page.objects.length,
        differences: row.differences + differing.length,
        ...(next ? {} : { status: 'done', finishedAt: new Date() }),
      })
      .where(
        and(
          eq(reconciliation.id, row.id),
          eq(reconciliation.status, 'running'),
          sql`${reconciliation.cursor} = ${JSON.stringify(row.cursor)}::jsonb`,
        ),
      )
      .returning({ id: reconciliation.id });
    if (!advanced) return false;
    if (differing.length > 0) {
      const type = syntheticEventType(kind, 'reconciled');
      await tx
        .insert(stripeEvent)
        .values(syntheticEventsOf(from, type, `reconcile_${row.id}`, differing))
        .onConflictDoNothing();
      await enqueueDrain(context.queue, from.subscriptionId, { tx });
    }
    return true;
  });
  return stored && next ? 'more' : 'finished';
};

const fail = async (context: AppContext, row: ReconciliationRow, error: string) => {
  await context.database.db
    .update(reconciliation)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(eq(reconciliation.id, row.id), eq(reconciliation.status, 'running')));
  context.logger.warn({ reconciliationId: row.id, sourceId: row.sourceId, error }, 'reconciliation failed');
};

/** Pages with a follow-up job, one runner per reconciliation (as an import runs). */
const runReconcileJob = (context: AppContext, reconciliationId: string): Promise<void> =>
  runPagedJob(
    context,
    { namespace: lockNamespaces.reconcile, key: reconciliationId },
    () => reconcileNextPage(context, reconciliationId),
    () => enqueueReconciliation(context.queue, reconciliationId),
  );

export const reconcileJob = (context: AppContext): JobDefinition => ({
  name: reconcileQueue,
  handler: async (data) => runReconcileJob(context, (data as { reconciliationId: string }).reconciliationId),
  options: pagedListingJobOptions,
});
