import { and, eq, sql } from 'drizzle-orm';
import { AppError, inviteMessages, nextInviteStatus, type InviteAction } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { invite, type InviteRow } from '../../db/schema.ts';
import type { Caller } from '../../functions/framework.ts';

export const findInvite = async (db: Db, inviteId: string): Promise<InviteRow> => {
  const [row] = await db.select().from(invite).where(eq(invite.id, inviteId));
  if (!row) throw new AppError('not-found', inviteMessages.notFound);
  return row;
};

/** Only the person the invite was sent to may answer it: the caller's e-mail, lower-cased. */
export const findInviteForInvitee = async (db: Db, inviteId: string, caller: Caller): Promise<InviteRow> => {
  const row = await findInvite(db, inviteId);
  if (row.email !== caller.email.toLowerCase())
    throw new AppError('permission-denied', inviteMessages.notYours);
  return row;
};

/** Refuses an action the invite state machine does not allow from the invite's status. */
export const assertInviteTransition = (row: Pick<InviteRow, 'status'>, action: InviteAction): void => {
  if (!nextInviteStatus(row.status, action))
    throw new AppError('failed-precondition', inviteMessages.notPending);
};

/**
 * Applies `action` through the state machine. The update is conditional on the status read, so of
 * two concurrent answers (accept and revoke, say) exactly one wins; the other is refused.
 */
export const transitionInvite = async (db: Db, row: InviteRow, action: InviteAction): Promise<InviteRow> => {
  const next = nextInviteStatus(row.status, action);
  if (!next) throw new AppError('failed-precondition', inviteMessages.notPending);
  const [updated] = await db
    .update(invite)
    .set({ status: next, respondedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(invite.id, row.id), eq(invite.status, row.status)))
    .returning();
  if (!updated) throw new AppError('failed-precondition', inviteMessages.notPending);
  return updated;
};
