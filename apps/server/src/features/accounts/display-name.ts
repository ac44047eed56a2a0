import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user, userProfile } from '../../db/schema.ts';

/** The name shown for a user: their profile's display name, else the auth name, else empty. */
export const displayNameOf = (
  profileName: string | null | undefined,
  authName: string | null | undefined,
): string => profileName?.trim() || authName?.trim() || '';

export type UserSummary = { id: string; email: string; displayName: string; language: string | null };

export const loadUserSummary = async (db: Db, userId: string): Promise<UserSummary | undefined> => {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      profileName: userProfile.displayName,
      language: userProfile.language,
    })
    .from(user)
    .leftJoin(userProfile, eq(userProfile.userId, user.id))
    .where(eq(user.id, userId));
  return (
    row && {
      id: row.id,
      email: row.email,
      displayName: displayNameOf(row.profileName, row.name),
      language: row.language,
    }
  );
};
