import { eq } from 'drizzle-orm';
import { AppError, languageCodes, type LanguageCode, type Profile } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { account, user, userProfile, type UserProfileRow, type UserRow } from '../../db/schema.ts';
import { displayNameOf } from './display-name.ts';

const languageOf = (value: string | null): LanguageCode | null =>
  (languageCodes as readonly string[]).includes(value ?? '') ? (value as LanguageCode) : null;

/** The auth user and the user document as the browser reads them (spec §3). */
export const profileToApi = (
  authUser: UserRow,
  document: UserProfileRow | undefined,
  hasPassword: boolean,
): Profile => ({
  user: {
    uid: authUser.id,
    email: authUser.email,
    emailVerified: authUser.emailVerified,
    displayName: displayNameOf(document?.displayName, authUser.name),
    photoURL: document?.avatarUrl ?? authUser.image ?? null,
  },
  profile: {
    display_name: document?.displayName ?? null,
    avatar_url: document?.avatarUrl ?? null,
    create_time: (document?.createTime ?? authUser.createdAt).toISOString(),
    last_updated: (document?.lastUpdated ?? authUser.updatedAt).toISOString(),
    language: languageOf(document?.language ?? null),
  },
  hasPassword,
});

export const loadProfile = async (db: Db, userId: string): Promise<Profile> => {
  const [authUser] = await db.select().from(user).where(eq(user.id, userId));
  if (!authUser) throw new AppError('not-found', 'User not found.');
  const [document] = await db.select().from(userProfile).where(eq(userProfile.userId, userId));
  const credentials = await db
    .select({ password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  return profileToApi(
    authUser,
    document,
    credentials.some((row) => Boolean(row.password)),
  );
};
