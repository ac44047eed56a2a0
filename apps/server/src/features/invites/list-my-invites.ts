import { and, desc, eq, ne } from 'drizzle-orm';
import { invite, subscription, user, userProfile } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { displayNameOf } from '../accounts/display-name.ts';
import { inviteToApi } from './invite-to-api.ts';

const nameOf = (settings: Record<string, unknown>): string =>
  typeof settings.name === 'string' ? settings.name : '';

/**
 * The home page's invitations panel: pending invites for the caller's e-mail (lower-cased), newest
 * first. Invites to canceled workspaces are left out: they can no longer be accepted.
 */
export const listMyInvites = implement('listMyInvites', async (_input, { app, caller }) => {
  const rows = await app.database.db
    .select({
      invite,
      settings: subscription.settings,
      hostProfileName: userProfile.displayName,
      hostName: user.name,
    })
    .from(invite)
    .innerJoin(subscription, eq(subscription.id, invite.subscriptionId))
    .leftJoin(user, eq(user.id, invite.inviterId))
    .leftJoin(userProfile, eq(userProfile.userId, invite.inviterId))
    .where(
      and(
        eq(invite.email, caller.email.toLowerCase()),
        eq(invite.status, 'pending'),
        ne(subscription.status, 'canceled'),
      ),
    )
    .orderBy(desc(invite.createdAt), desc(invite.id));
  return {
    invites: rows.map((row) =>
      inviteToApi(row.invite, {
        subscriptionName: nameOf(row.settings),
        hostName: displayNameOf(row.hostProfileName, row.hostName),
      }),
    ),
  };
});
