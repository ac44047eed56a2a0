import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import { touchUserProfile } from '../features/accounts/user-profile.ts';

export type AuthOptions = { db: Db; secret: string; appUrl: string };

/**
 * Sessions and identity through better-auth (decision 004): sessions live in PostgreSQL so web
 * nodes stay stateless; `bearer()` lets API clients send `Authorization: Bearer <session token>`.
 */
export const createAuth = ({ db, secret, appUrl }: AuthOptions) =>
  betterAuth({
    appName: 'Billbridge',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [new URL(appUrl).origin],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: { useSecureCookies: appUrl.startsWith('https://') },
    plugins: [bearer()],
    telemetry: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          // Every sign-up and sign-in (social ones included) writes the user's profile record.
          after: async (created) => {
            await touchUserProfile(db, created.userId);
          },
        },
      },
    },
  });

export type Auth = ReturnType<typeof createAuth>;
