import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { identityErrorCodes } from '@billbridge/contract';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, twoFactor, user, verification } from '../db/schema.ts';
import {
  applyOwnedWorkspacesPlan,
  blockedMessage,
  blockedNames,
  planOwnedWorkspaces,
} from '../features/accounts/owned-workspaces.ts';
import { isUserDisabled } from '../features/accounts/disabled-users.ts';
import { requestLanguageOf } from '../features/accounts/request-language.ts';
import { createAccountMailSender } from '../features/accounts/send-account-mail.ts';
import { touchUserProfile } from '../features/accounts/user-profile.ts';
import { twoFactorChangeMailer } from '../features/two-factor/two-factor-changes.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { sealActionCode } from './action-code.ts';
import { identityErrors } from './identity-error.ts';
import { mayMailPasswordReset } from './password-reset-mails.ts';
import { mayMailVerification } from './verification-mails.ts';
import { accountsPlugin } from './accounts-plugin.ts';
import { authRateLimit } from './rate-limits.ts';
import { twoFactorPlugin } from './two-factor.ts';
import { clientIpHeader, originOfHeaders } from '../security/client-ip.ts';
import { recordSecurityEvent } from '../functions/audit-trail.ts';
import { builtInSocialProviders, oidcProviderConfigs } from './social-providers.ts';
import { isEmailChange, readVerificationToken } from './verification-token.ts';

type LogSink = Record<'debug' | 'info' | 'warn' | 'error', (details: object, message: string) => void>;

export type AuthOptions = {
  db: Db;
  /** better-auth's own messages go to the app's logger, at its level. */
  logger?: LogSink;
  queue: JobQueue;
  secret: string;
  config: Pick<
    Config,
    | 'appUrl'
    | 'passwordPolicy'
    | 'authRateLimit'
    | 'authFreshAge'
    | 'socialProviders'
    | 'googleIssuer'
    | 'microsoftTenantId'
  >;
};

const resetPasswordLifetimeSeconds = 60 * 60;

/**
 * On https every better-auth cookie is named `__Host-…`: the browser then takes it only when it is
 * Secure, has Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can plant
 * or shadow the session (RFC 6265bis §4.1.3.2; issue 38). better-auth would add `__Secure-` only,
 * so its own prefix is turned off and ours set, with the attributes `__Host-` requires (it sets
 * Path=/ and no Domain unless cross-subdomain cookies are on, which we never turn on).
 * On http nothing changes: `better-auth.…`, not Secure.
 */
const cookieNaming = (appUrl: string) =>
  appUrl.startsWith('https://')
    ? {
        useSecureCookies: false,
        cookiePrefix: '__Host-better-auth',
        defaultCookieAttributes: { secure: true, path: '/' },
      }
    : { useSecureCookies: false };
const verificationLifetimeSeconds = 24 * 60 * 60;

/**
 * Sessions and identity through better-auth (decisions 004 and 007): sessions live in PostgreSQL
 * so web nodes stay stateless. The session travels in its signed HttpOnly cookie only: no bearer
 * tokens, and no answer body carries the token (hooks/hide-session-tokens.ts).
 * Account e-mails link to the SPA's action handler and go out through the `mail.send` job.
 */
export const createAuth = ({ db, logger, queue, secret, config }: AuthOptions) => {
  const sendMail = createAccountMailSender({ db, queue, appUrl: config.appUrl });
  const oidcProviders = oidcProviderConfigs(config);
  return betterAuth({
    appName: 'Billbridge',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [new URL(config.appUrl).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      // The policy hook speaks first with its own message; these stay as better-auth's backstop.
      minPasswordLength: config.passwordPolicy.minLength,
      maxPasswordLength: config.passwordPolicy.maxLength,
      resetPasswordTokenExpiresIn: resetPasswordLifetimeSeconds,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user: target }, request) =>
        recordSecurityEvent(db, target, 'security.password_reset', originOfHeaders(request?.headers)),
      sendResetPassword: async ({ user: target, token }, request) => {
        if (await isUserDisabled(db, target.id)) return;
        // The answer stays the same either way: only the e-mail is held back.
        if (config.authRateLimit && !(await mayMailPasswordReset(db, target.id))) return;
        const expiresAt = new Date(Date.now() + resetPasswordLifetimeSeconds * 1000);
        const oobCode = sealActionCode(secret, 'resetPassword', token, expiresAt);
        await sendMail({ kind: 'resetPassword', user: target, to: target.email, oobCode, request });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: verificationLifetimeSeconds,
      // Called for a plain verification and for the new address of an e-mail change; the
      // token's claims tell which (better-auth signs both with SECRET).
      sendVerificationEmail: async ({ user: target, token }, request) => {
        // The answer stays the same either way: only the e-mail is held back.
        if (config.authRateLimit && !(await mayMailVerification(db, target.id))) return;
        const claims = readVerificationToken(token);
        const change = claims && isEmailChange(claims) ? claims : null;
        await sendMail({
          kind: change ? 'verifyAndChangeEmail' : 'verifyEmail',
          user: target,
          to: target.email,
          oobCode: token,
          otherEmail: change?.email,
          request,
        });
      },
    },
    user: {
      // Without a confirmation step to the old address: the new one must be verified before it
      // becomes the sign-in address, and the old one then receives a recovery link.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        beforeDelete: async (target) => {
          const plan = await planOwnedWorkspaces(db, target.id);
          if (plan.blocked.length) {
            throw new APIError('BAD_REQUEST', {
              code: identityErrorCodes.ownedSubscriptions,
              message: blockedMessage(plan.blocked),
              ...blockedNames(plan.blocked),
            });
          }
          await applyOwnedWorkspacesPlan(db, target.id, plan);
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      freshAge: config.authFreshAge,
    },
    verification: { storeIdentifier: 'hashed' },
    rateLimit: authRateLimit(config.authRateLimit),
    socialProviders: builtInSocialProviders(config),
    advanced: {
      ...cookieNaming(config.appUrl),
      // Only the address Fastify resolved (honouring its proxy settings) counts, never a header
      // a client sent straight to us.
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    plugins: [
      ...(oidcProviders.length ? [genericOAuth({ config: oidcProviders })] : []),
      // Before ours: its sign-in hook turns a right password into a code challenge, which ours
      // must see as "no session yet" (hooks/sign-in-failures.ts).
      twoFactorPlugin(),
      accountsPlugin({
        passwordPolicy: config.passwordPolicy,
        socialProviders: config.socialProviders.map((provider) => provider.id),
        sendMail,
        signInFailures: config.authRateLimit ? { db, secret } : undefined,
        db,
      }),
    ],
    telemetry: { enabled: false },
    // 'info': at 'debug' better-auth also prints every refused request (wrong password…) to the console.
    logger: logger && {
      level: 'info',
      log: (level, message, ...details: unknown[]) => logger[level]({ details }, `better-auth: ${message}`),
    },
    databaseHooks: {
      user: { update: { after: twoFactorChangeMailer({ db, queue, appUrl: config.appUrl }) } },
      session: {
        create: {
          // A disabled account gets no session, by any sign-in path (spec §4 session, §8).
          before: async (created) => {
            if (await isUserDisabled(db, created.userId)) throw identityErrors.userDisabled();
          },
          // Every sign-up and sign-in (social ones included) writes the user's profile record.
          after: async (created, context) => {
            await touchUserProfile(
              db,
              created.userId,
              requestLanguageOf(context?.request?.headers ?? context?.headers),
            );
          },
        },
      },
    },
  });
};
