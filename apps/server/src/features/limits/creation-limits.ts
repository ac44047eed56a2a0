import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import {
  billingMessages,
  connectionMessages,
  creationLimits,
  keyedError,
  verifyEmailFirst,
  AppError,
} from '@billbridge/contract';
import type { Db, Transaction } from '../../db/client.ts';
import { lockNamespaces } from '../../db/lock-namespaces.ts';
import { billingAttempt, destination, source, subscription } from '../../db/schema.ts';
import type { Caller } from '../../functions/framework.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Makes concurrent creations under one key (a user, a workspace) wait for each other until the
 * transaction ends, so no burst slips past a count.
 */
const lockCreations = (tx: Transaction, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${lockNamespaces.creationLimits}, hashtext(${key}))`);

export const requireVerifiedEmail = (caller: Caller): void => {
  if (!caller.emailVerified)
    throw new AppError('failed-precondition', verifyEmailFirst.message, verifyEmailFirst.details);
};

/**
 * A user's next workspace (issue 38): the first one needs no verified e-mail, every later one does
 * (canceled ones count, so canceling does not reopen the door), and at most `workspacesPerUser` live.
 */
export const assertMayCreateWorkspace = async (tx: Transaction, caller: Caller): Promise<void> => {
  await lockCreations(tx, `workspaces:${caller.userId}`);
  const [owned] = await tx
    .select({
      all: count(),
      live: sql<number>`count(*) filter (where ${subscription.status} <> 'canceled')`.mapWith(Number),
    })
    .from(subscription)
    .where(eq(subscription.ownerId, caller.userId));
  if ((owned?.all ?? 0) > 0) requireVerifiedEmail(caller);
  if ((owned?.live ?? 0) >= creationLimits.workspacesPerUser)
    throw keyedError('resource-exhausted', billingMessages, 'tooManyWorkspaces');
};

/** Records a billing attempt of the user (kind: what it was), refused past `billingAttemptsPerDay`. */
export const recordBillingAttempt = async (db: Db, userId: string, kind: string): Promise<void> =>
  db.transaction(async (tx) => {
    await lockCreations(tx, `billing:${userId}`);
    const dayAgo = new Date(Date.now() - dayMs);
    // Only the last day counts: older attempts go here, so the table never outgrows a day's attempts.
    await tx
      .delete(billingAttempt)
      .where(and(eq(billingAttempt.userId, userId), lte(billingAttempt.createdAt, dayAgo)));
    const [recent] = await tx
      .select({ n: count() })
      .from(billingAttempt)
      .where(and(eq(billingAttempt.userId, userId), gt(billingAttempt.createdAt, dayAgo)));
    if ((recent?.n ?? 0) >= creationLimits.billingAttemptsPerDay)
      throw keyedError('resource-exhausted', billingMessages, 'tooManyBillingAttempts');
    await tx.insert(billingAttempt).values({ id: randomUUID(), userId, kind });
  });

/** Refuses a workspace's next source or destination past its cap, in the transaction that inserts it. */
export const assertConnectionRoom = async (
  tx: Transaction,
  subscriptionId: string,
  kind: 'source' | 'destination',
): Promise<void> => {
  await lockCreations(tx, `${kind}s:${subscriptionId}`);
  const table = kind === 'source' ? source : destination;
  const [existing] = await tx
    .select({ n: count() })
    .from(table)
    .where(eq(table.subscriptionId, subscriptionId));
  const limit =
    kind === 'source' ? creationLimits.sourcesPerWorkspace : creationLimits.destinationsPerWorkspace;
  if ((existing?.n ?? 0) >= limit)
    throw keyedError(
      'resource-exhausted',
      connectionMessages,
      kind === 'source' ? 'tooManySources' : 'tooManyDestinations',
    );
};
