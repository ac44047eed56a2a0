import { eq, sql } from 'drizzle-orm';
import type { LanguageCode } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { user, userProfile } from '../../db/schema.ts';

/**
 * Writes the spec's user document after a sign-up or sign-in: `create_time` only the first time,
 * `last_updated` every time; the display name and avatar come from the auth user when missing.
 * `language` (the interface language the request came in) is kept only when none is saved yet.
 */
export const touchUserProfile = async (db: Db, userId: string, language?: LanguageCode): Promise<void> => {
  const [authUser] = await db.select().from(user).where(eq(user.id, userId));
  if (!authUser) return;
  await db
    .insert(userProfile)
    .values({
      userId,
      displayName: authUser.name || null,
      avatarUrl: authUser.image,
      language: language ?? null,
    })
    .onConflictDoUpdate({
      target: userProfile.userId,
      set: {
        displayName: sql`coalesce(${userProfile.displayName}, excluded.display_name)`,
        avatarUrl: sql`coalesce(${userProfile.avatarUrl}, excluded.avatar_url)`,
        language: sql`coalesce(${userProfile.language}, excluded.language)`,
        lastUpdated: sql`now()`,
      },
    });
};
