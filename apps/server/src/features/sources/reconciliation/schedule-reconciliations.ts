import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { backfill, reconciliation, source, subscription, type SourceRow } from '../../../db/schema.ts';
import type { Transaction } from '../../../db/client.ts';
import { beginReconciliation, enqueueReconciliation } from './begin-reconciliation.ts';
import { lockNamespaces } from '../../../db/lock-namespaces.ts';

/**
 * Not reconciled (nor connected) for `hours`, and not importing: an import's objects are still on
 * their way, a reconciliation then would only find them missing. The time compared is the
 * expression of `source_reconcile_due_idx`: the minute's look reads only the sources due, not
 * every source (issue 35, decision 086).
 */
const dueFor = (hours: number) => sql`
  coalesce(${source.lastReconciledAt}, ${source.connectedAt}, ${source.createdAt})
    < now() - make_interval(secs => ${hours * 3600})
  and not exists (
    select 1 from ${backfill} where ${backfill.sourceId} = ${source.id} and ${backfill.status} = 'running'
  )`;

/** Starts it unless another worker did since the list was read (the check again, under a lock). */
const startIfStillDue = async (context: AppContext, tx: Transaction, row: SourceRow, hours: number) => {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${lockNamespaces.reconcileSchedule}, hashtext(${row.id}))`,
  );
  const [still] = await tx
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.id, row.id), dueFor(hours)));
  if (still) await beginReconciliation(context, tx, row);
};

/** The sources due a reconciliation every `hours`: by `source_reconcile_due_idx`, only those due. */
export const sourcesDue = (db: AppContext['database']['db'], hours: number) =>
  db
    .select({ source })
    .from(source)
    .innerJoin(subscription, eq(subscription.id, source.subscriptionId))
    .where(
      and(
        // The index's own predicate, as written there, so the planner can use it.
        sql`${source.accountId} is not null and ${source.enabled}`,
        sql`${subscription.status} <> 'canceled'`,
        dueFor(hours),
      ),
    );

/**
 * The schedule (decision 032): every connected, enabled source of a workspace that is not canceled
 * is reconciled once per `RECONCILE_INTERVAL_HOURS` (0: only on demand). Workers call it every
 * minute.
 */
export const startDueReconciliations = async (context: AppContext): Promise<number> => {
  const hours = context.config.reconcileIntervalHours;
  if (hours <= 0) return 0;
  const { db } = context.database;
  const due = await sourcesDue(db, hours);
  for (const { source: row } of due) {
    await db
      .transaction((tx) => startIfStillDue(context, tx, row, hours))
      .catch((error: unknown) =>
        context.logger.warn({ err: error, sourceId: row.id }, 'reconciliation not started'),
      );
  }
  return due.length;
};

/** Reconciliations still running (at worker start, then every minute) go on from their cursor. */
export const resumeRunningReconciliations = async (context: AppContext): Promise<void> => {
  const running = await context.database.db
    .select({ id: reconciliation.id })
    .from(reconciliation)
    .where(eq(reconciliation.status, 'running'));
  for (const { id } of running) await enqueueReconciliation(context.queue, id);
};
