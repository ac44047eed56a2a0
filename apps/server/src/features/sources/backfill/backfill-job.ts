import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { backfillMessages, type BackfillKind } from '@billbridge/contract';
import type { AppContext } from '../../../context.ts';
import { LockTimeoutError, withAdvisoryLock } from '../../../db/advisory-lock.ts';
import { backfill, source, stripeEvent, type BackfillRow } from '../../../db/schema.ts';
import type { JobDefinition } from '../../../jobs/queue.ts';
import { sourceStripeClient } from '../../../providers/stripe-client.ts';
import { loseRevokedKey } from '../../connections/key-source-lost.ts';
import { enqueueDrain } from '../../inbox/drain-queue.ts';
import { rememberProducts } from '../../inbox/known-products.ts';
import { kindsOf } from './backfill-to-api.ts';
import { backfillQueue, enqueueBackfill } from './begin-backfill.ts';
import { listStripePage, syntheticEventType, syntheticEventsOf, type ListedPage } from './stripe-listing.ts';
import { lockNamespaces } from '../../../db/lock-namespaces.ts';

/** Pages one job imports before handing over to the next, so other imports and drains get turns. */
const pagesPerJob = 10;

export type Step = 'more' | 'finished';

/**
 * Imports the next page of an import: lists it from Stripe (outside any transaction), then in
 * ONE transaction stores each object as a `<kind>.backfilled` inbox event, advances the cursor
 * and asks for a drain. The cursor update only applies if nobody moved the cursor meanwhile, so a
 * page is stored once even when a retried job races the one it replaced; a crash before the commit
 * lists the same page again.
 */
const importNextPage = async (context: AppContext, backfillId: string): Promise<Step> => {
  const { db } = context.database;
  const [row] = await db.select().from(backfill).where(eq(backfill.id, backfillId));
  if (row?.status !== 'running') return 'finished';
  const [from] = await db.select().from(source).where(eq(source.id, row.sourceId));
  const settings = context.providers.stripe;
  if (!from?.accountId || !settings) {
    await finish(context, row, { error: backfillMessages.sourceDisconnected });
    return 'finished';
  }
  const kind = row.cursor.kind as BackfillKind;
  let page: ListedPage;
  try {
    page = await listStripePage(
      sourceStripeClient(settings, context.secretBox, from),
      kind,
      row.cursor.after,
    );
  } catch (error) {
    if (!isPermanent(error)) throw error; // the job is retried with backoff
    await loseRevokedKey(context, from, error);
    await finish(context, row, { error: (error as Error).message });
    return 'finished';
  }
  // Listed products are kept for the field mappings that read them (decision 078).
  if (kind === 'products') await rememberProducts(db, from.id, page.objects as Stripe.Product[]);
  const last = page.objects.at(-1);
  const next = page.hasMore && last ? { kind, after: last.id } : nextKind(row, kind);
  const stored = await db.transaction(async (tx) => {
    const [advanced] = await tx
      .update(backfill)
      .set({
        cursor: next ?? row.cursor,
        counts: { ...row.counts, [kind]: (row.counts[kind] ?? 0) + page.objects.length },
        ...(next ? {} : { status: 'done', finishedAt: new Date() }),
      })
      .where(
        and(
          eq(backfill.id, row.id),
          eq(backfill.status, 'running'),
          sql`${backfill.cursor} = ${JSON.stringify(row.cursor)}::jsonb`,
        ),
      )
      .returning({ id: backfill.id });
    if (!advanced) return false;
    if (page.objects.length > 0) {
      await tx
        .insert(stripeEvent)
        .values(
          syntheticEventsOf(from, syntheticEventType(kind, 'backfilled'), `backfill_${row.id}`, page.objects),
        )
        .onConflictDoNothing();
      await enqueueDrain(context.queue, from.subscriptionId, { tx });
    }
    return true;
  });
  return stored && next ? 'more' : 'finished';
};

const nextKind = (row: BackfillRow, kind: BackfillKind) => {
  const kinds = kindsOf(row);
  const following = kinds[kinds.indexOf(kind) + 1];
  return following ? { kind: following, after: null } : undefined;
};

/** Stripe refused for good (a 4xx other than 429: access revoked, permission missing). */
export const isPermanent = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  error.statusCode !== 429;

const finish = async (context: AppContext, row: BackfillRow, { error }: { error: string }) => {
  await context.database.db
    .update(backfill)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(eq(backfill.id, row.id), eq(backfill.status, 'running')));
  context.logger.warn({ backfillId: row.id, sourceId: row.sourceId, error }, 'backfill failed');
};

/**
 * Up to `pagesPerJob` pages, then a follow-up job for the rest. One runner per run (an import, a
 * reconciliation) on every machine (an advisory lock, dropped with a killed worker's connection); a job that finds it busy
 * ends, since the runner holding it goes on or queues its follow-up.
 */
export const runPagedJob = async (
  context: AppContext,
  lock: { namespace: number; key: string },
  nextPage: () => Promise<Step>,
  followUp: () => Promise<unknown>,
): Promise<void> => {
  try {
    await withAdvisoryLock(context.database, { ...lock, timeoutMs: 1_000 }, async () => {
      for (let page = 0; page < pagesPerJob; page++) {
        if ((await nextPage()) === 'finished') return;
      }
      await followUp();
    });
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
  }
};

const runBackfillJob = (context: AppContext, backfillId: string): Promise<void> =>
  runPagedJob(
    context,
    { namespace: lockNamespaces.backfill, key: backfillId },
    () => importNextPage(context, backfillId),
    () => enqueueBackfill(context.queue, backfillId),
  );

/**
 * A job that lists a source page by page and queues its own follow-up: one queued per run (the
 * running one can queue the next); a lock keeps it to one running, and a job of a dead worker does
 * not block the next. Stripe's 5xx and 429 retry it with backoff.
 */
export const pagedListingJobOptions: JobDefinition['options'] = {
  queue: {
    policy: 'short',
    retryLimit: 50,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    heartbeatSeconds: 10,
    expireInSeconds: 900,
  },
  worker: { batchSize: 1 },
};

export const backfillJob = (context: AppContext): JobDefinition => ({
  name: backfillQueue,
  handler: async (data) => runBackfillJob(context, (data as { backfillId: string }).backfillId),
  options: pagedListingJobOptions,
});

/**
 * Imports still running (at worker start, then every minute): a job for each, so an import whose
 * worker died, or whose follow-up was never queued, goes on where its cursor stands.
 */
export const resumeRunningBackfills = async (context: AppContext): Promise<void> => {
  const running = await context.database.db
    .select({ id: backfill.id })
    .from(backfill)
    .where(eq(backfill.status, 'running'));
  for (const { id } of running) await enqueueBackfill(context.queue, id);
};
