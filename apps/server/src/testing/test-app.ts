import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config } from '../config/env.ts';
import type { AppContext } from '../context.ts';
import type { DatabaseTarget } from '../db/client.ts';
import { buildServerHttpApp, type ServerHttpOptions } from '../main/http-app.ts';
import { createLogger } from '../logger.ts';
import { bootstrap } from '../main/bootstrap.ts';
import { watchClose, watchRequests } from './close-watch.ts';

/**
 * A real app on a fresh database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL when TEST_DB=postgres (vitest runs both projects);
 * under Vitest both start as copies of the run's migrated template (`testing/database-template.ts`).
 */
export type TestApp = {
  app: FastifyInstance;
  context: AppContext;
  config: Config;
  close: () => Promise<void>;
};

export const testEngine = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Random once, fixed here: SECRET must look random (decision 015). Only ever used by tests. */
export const testSecret = 'k3Jv9QmZ2xLw7pRt5NcYb8HdF1sGa4Ue6TiOo0PyVqMn';

/**
 * Creates a PostgreSQL database for one test file and returns its URL and a dropper: empty, or with
 * `migrated` a copy of the run's migrated template when the integration projects made one
 * (TEST_POSTGRES_TEMPLATE). Tests that restore or migrate a database themselves take it empty.
 */
export const createPostgresDatabase = async ({ migrated = false } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `bb_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env.TEST_POSTGRES_TEMPLATE : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

/** The run's migrated PGlite dump (TEST_PGLITE_TEMPLATE, made once by the integration projects), if any. */
const pgliteTemplate = async (): Promise<Blob | undefined> => {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  return file ? openAsBlob(file) : undefined;
};

export const testConfig = (overrides: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SECRET: testSecret,
    APP_URL: 'http://localhost:3000',
    // Many tests sign several users up from one address; the rate-limit tests switch it back on.
    AUTH_RATE_LIMIT: 'false',
    ...overrides,
  });

export const createTestApp = async (
  options: ServerHttpOptions & { env?: Record<string, string>; logTo?: string[] } = {},
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-test-'));
  const postgres = testEngine() === 'postgres' ? await createPostgresDatabase({ migrated: true }) : undefined;
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  const target: DatabaseTarget = postgres
    ? { databaseUrl: postgres.url }
    : { pgliteDir: undefined, template: await pgliteTemplate() };
  const { env: _env, logTo, ...http } = options;
  const destination = logTo ? { write: (line: string) => logTo.push(line) } : undefined;
  const running = await bootstrap(config, createLogger(config, destination), target);
  const app = await buildServerHttpApp(running.context, { webDist: path.join(dataDir, 'no-web'), ...http });
  const openRequests = watchRequests(app.server);
  return {
    app,
    context: running.context,
    config,
    close: () =>
      watchClose(running.context, openRequests, async (onStep) => {
        onStep('app.close');
        await app.close();
        await running.close(onStep);
        onStep('drop database');
        await postgres?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }),
  };
};
