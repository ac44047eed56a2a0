import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';

/** Everything a request handler or a job may use; built once per process by `main/`. */
export type AppContext = {
  config: Config;
  database: Database;
  queue: JobQueue;
  auth: Auth;
  logger: FastifyBaseLogger;
};
