import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Providers } from './providers/providers.ts';
import type { SecretBox } from './security/secret-box.ts';

/*
 * The context sits at the bottom of the import graph: it names only modules that import no
 * feature, and says what it needs of the rest (auth, drains) as the small types below, which
 * the implementations in auth/ and features/inbox/ satisfy.
 */

/** The signed-in user and session better-auth finds behind a request's cookie. */
export type AuthSession = {
  user: { id: string; email: string; emailVerified: boolean; twoFactorEnabled?: boolean | null };
  session: { id: string };
};

/** The part of better-auth's instance (auth/auth.ts `createAuth`) the app calls. */
export type AuthService = {
  /** Answers `/api/auth/*` (http/auth-route.ts). */
  handler: (request: Request) => Promise<Response>;
  api: { getSession: (context: { headers: Headers }) => Promise<AuthSession | null> };
};

/** Wakes a workspace's drain after its events were stored (features/inbox/drain-nudger.ts). */
export type DrainNudges = { nudge: (subscriptionId: string) => void };

/** Everything a request handler or a job may use; built once per process by `main/`. */
export type AppContext = {
  config: Config;
  database: Database;
  queue: JobQueue;
  auth: AuthService;
  logger: FastifyBaseLogger;
  /** Stripe and HubSpot: the real ones, or the sandbox stand-ins. */
  providers: Providers;
  /** Seals tokens and secrets at rest (AES-256-GCM, key from SECRET). */
  secretBox: SecretBox;
  drains: DrainNudges;
};
