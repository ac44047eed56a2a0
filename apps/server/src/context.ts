import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { DrainNudger } from './features/sync/drain/drain-nudger.ts';
import type { Providers } from './providers/providers.ts';
import type { SecretBox } from './security/secret-box.ts';

/** Everything a request handler or a job may use; built once per process by `main/`. */
export type AppContext = {
  config: Config;
  database: Database;
  queue: JobQueue;
  auth: Auth;
  logger: FastifyBaseLogger;
  /** Stripe and HubSpot: the real ones, or the sandbox stand-ins. */
  providers: Providers;
  /** Seals tokens and secrets at rest (AES-256-GCM, key from SECRET). */
  secretBox: SecretBox;
  /** Wakes a workspace's drain after its events were stored. */
  drains: DrainNudger;
};
