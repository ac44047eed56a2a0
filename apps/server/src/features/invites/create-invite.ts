import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, inviteMessages, normalizePermissions, type MessageKeyDetails } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { invite, membership, user } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { mailLanguageOf } from '../../mail/message.ts';
import { loadUserSummary } from '../accounts/display-name.ts';
import { assertInviteAllowed } from './invite-limits.ts';
import { inviteMail } from './invite-mail.ts';

const alreadyMember: MessageKeyDetails = { messageKey: 'alreadyMember' };
const alreadyInvited: MessageKeyDetails = { messageKey: 'alreadyInvited' };
const adminByOwnerOnly: MessageKeyDetails = { messageKey: 'adminByOwnerOnly' };

const isMemberByEmail = async (db: Db, subscriptionId: string, email: string): Promise<boolean> => {
  const rows = await db
    .select({ userId: membership.userId })
    .from(membership)
    .innerJoin(user, eq(user.id, membership.userId))
    .where(and(eq(membership.subscriptionId, subscriptionId), eq(sql`lower(${user.email})`, email)))
    .limit(1);
  return rows.length > 0;
};

/**
 * Invites an e-mail (already lower-cased by the contract) to the workspace; the contract requires
 * the inviter's own address verified. The limits, the invite and its e-mail job share one
 * transaction; the partial unique index keeps one pending invite per address even when two admins
 * send at once.
 */
export const createInvite = implement('createInvite', async ({ email, permissions }, call) => {
  const { app, caller, workspace } = call;
  const { db } = app.database;
  const row = workspace.subscription;
  // Only the owner edits permissions (spec §6), so only the owner may hand out Administrator.
  if (normalizePermissions(permissions).includes('admin') && !workspace.held.includes('owner')) {
    throw new AppError('permission-denied', inviteMessages.adminByOwnerOnly, adminByOwnerOnly);
  }
  if (await isMemberByEmail(db, row.id, email)) {
    throw new AppError('already-exists', inviteMessages.alreadyMember, alreadyMember);
  }
  const inviter = await loadUserSummary(db, caller.userId);
  const message = inviteMail({
    to: email,
    inviterName: inviter?.displayName ?? '',
    inviterEmail: caller.email,
    workspaceName: typeof row.settings.name === 'string' ? row.settings.name : '',
    link: `${app.config.appUrl}/`,
    language: mailLanguageOf(inviter?.language),
  });
  const inviteId = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await assertInviteAllowed(tx, { inviterId: caller.userId, subscriptionId: row.id, email });
      await tx.insert(invite).values({
        id: inviteId,
        subscriptionId: row.id,
        email,
        permissions: normalizePermissions(permissions),
        inviterId: caller.userId,
      });
      await enqueueMail(app.queue, message, { tx });
      await recordAudit(tx, call, {
        kind: 'member.invited',
        target: { type: 'invite', id: inviteId, name: email },
        after: { permissions: normalizePermissions(permissions) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invite_pending_email_idx')) {
      throw new AppError('already-exists', inviteMessages.alreadyInvited, alreadyInvited);
    }
    throw error;
  }
  return { inviteId };
});
