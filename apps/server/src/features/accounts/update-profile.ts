import { eq, sql } from 'drizzle-orm';
import { user, userProfile } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { loadProfile } from './profile.ts';
import { touchUserProfile } from './user-profile.ts';

/**
 * Name edit and language switch. The name is written to both records in one transaction: the
 * user document's `display_name` (spec §7) and the auth user's name, which the session carries to
 * the top bar and the e-mails greet with.
 */
export const updateProfile = implement(
  'updateProfile',
  async ({ displayName, language }, { app, caller }) => {
    const db = app.database.db;
    await touchUserProfile(db, caller.userId);
    await db.transaction(async (tx) => {
      if (displayName !== undefined) {
        await tx
          .update(user)
          .set({ name: displayName, updatedAt: sql`now()` })
          .where(eq(user.id, caller.userId));
      }
      await tx
        .update(userProfile)
        .set({
          ...(displayName !== undefined && { displayName }),
          ...(language !== undefined && { language }),
          lastUpdated: sql`now()`,
        })
        .where(eq(userProfile.userId, caller.userId));
    });
    return loadProfile(db, caller.userId);
  },
);
