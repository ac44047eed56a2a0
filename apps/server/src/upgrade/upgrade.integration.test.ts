import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Sandbox } from '@billbridge/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isMigrated,
  MigrationFailedError,
  openDatabase,
  queryRows,
  type DatabaseTarget,
} from '../db/client.ts';
import { destination } from '../db/schema.ts';
import { buildServerHttpApp } from '../main/http-app.ts';
import { startWorker } from '../main/start-worker.ts';
import { createLogger } from '../logger.ts';
import { bootstrap, type Running } from '../main/bootstrap.ts';
import { cookiesOf } from '../testing/auth-requests.ts';
import { createPostgresDatabase, testConfig, testEngine, testSecret } from '../testing/test-app.ts';
import { callFunction } from '../testing/users.ts';
import { waitFor } from '../testing/wait.ts';
import {
  previousRelease,
  releaseStatements,
  restoreRelease,
  type ReleaseStatement,
} from './release-fixture.ts';

const release = previousRelease();

/** The previous release's database and stand-ins in a fresh data folder, on the engine under test. */
const restoredRelease = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-upgrade-'));
  const postgres = testEngine() === 'postgres' ? await createPostgresDatabase() : undefined;
  await restoreRelease(release.version, { dataDir, databaseUrl: postgres?.url });
  const target: DatabaseTarget = postgres
    ? { databaseUrl: postgres.url }
    : { pgliteDir: path.join(dataDir, 'pglite') };
  const config = testConfig({ DATA_DIR: dataDir });
  const remove = async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { dataDir, target, config, postgres, remove };
};

describe(`an upgrade from release ${release.version} with its data`, () => {
  let restored: Awaited<ReturnType<typeof restoredRelease>>;
  let running: Running;
  let app: FastifyInstance;
  let stopWorker: () => void;
  let sandbox: Sandbox;
  let cookie: string;

  beforeAll(async () => {
    restored = await restoredRelease();
    running = await bootstrap(restored.config, createLogger(restored.config), restored.target);
    app = await buildServerHttpApp(running.context, { webDist: path.join(restored.dataDir, 'no-web') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    running.context.providers.receiveWebhooksAt(`http://127.0.0.1:${port}/webhooks/stripe`);
    stopWorker = await startWorker(running.context);
    sandbox = running.context.providers.sandbox as Sandbox;
  });
  afterAll(async () => {
    stopWorker();
    await app.close();
    await running.close();
    await restored.remove();
  });

  it('applies every migration since', async () => {
    expect(await isMigrated(running.context.database)).toBe(true);
  });

  it('still answers every statement the previous release sends (its processes run during a roll)', async () => {
    const statements = releaseStatements(release.version);
    expect(statements.length).toBeGreaterThan(30);
    const refused = await refusedStatements(running, statements);
    expect(refused).toEqual([]);
  });

  it('signs its users in with the passwords they chose', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: release.owner, password: release.password },
    });
    expect(response.statusCode).toBe(200);
    cookie = cookiesOf(response);
  });

  it('shows the dashboard with the figures the release showed', async () => {
    for (const [name, figures] of Object.entries(release.dashboard)) {
      const { status, body } = await callFunction(
        app,
        name,
        { subscriptionId: release.synced.subscriptionId },
        { cookie },
      );
      expect(status, name).toBe(200);
      expect(body.result, name).toEqual(figures);
    }
  });

  it('releases a held event when its destination is switched on again', async () => {
    const { db } = running.context.database;
    const [row] = await db.select().from(destination).where(eq(destination.id, release.held.destinationId));
    const { status } = await callFunction(
      app,
      'saveDestination',
      {
        subscriptionId: release.held.subscriptionId,
        destinationId: release.held.destinationId,
        name: row?.name,
        enabled: true,
        settings: row?.settings,
      },
      { cookie },
    );
    expect(status).toBe(200);
    await waitFor(
      () =>
        sandbox.hubspotState
          .records(release.held.portalId, 'contacts')
          .find((record) => record.properties.email === 'held@example.com'),
      { what: 'the held customer in HubSpot', timeoutMs: 30_000 },
    );
  });

  it('syncs a new event to the portal the release connected', async () => {
    sandbox.stripeState.createCustomer(release.synced.account, {
      email: 'after@example.com',
      name: 'New One',
    });
    await waitFor(
      () =>
        sandbox.hubspotState
          .records(release.synced.portalId, 'contacts')
          .find((record) => record.properties.email === 'after@example.com'),
      { what: 'the new customer in HubSpot', timeoutMs: 30_000 },
    );
  });
});

/** SQLSTATE class 42: a statement the schema no longer fits (a column, a table, a type gone). */
const schemaRefusal = (error: unknown) => String((error as { code?: unknown }).code ?? '').startsWith('42');

/**
 * Runs each statement in a savepoint rolled back at once, in one transaction rolled back at the
 * end, and returns those the schema refuses. Other refusals (a duplicate key, a lock busy) are the
 * data's, not the schema's.
 */
const refusedStatements = async ({ context }: Running, statements: ReleaseStatement[]) => {
  const refused: string[] = [];
  const run = async (query: (text: string, values?: unknown[]) => Promise<unknown>) => {
    await query(`set local lock_timeout = '1s'`);
    for (const { text, values } of statements) {
      await query('savepoint replay');
      await query(text, values).catch((error: unknown) => {
        if (schemaRefusal(error)) refused.push(`${String(error)}: ${text.trim().slice(0, 120)}`);
      });
      await query('rollback to savepoint replay');
    }
  };
  const { database } = context;
  if (database.engine === 'pglite') {
    await database.pglite.transaction(async (tx) => {
      await run((text, values) => tx.query(text, values as never));
      await tx.rollback();
    });
    return refused;
  }
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await run((text, values) => client.query(text, values));
  } finally {
    await client.query('rollback');
    client.release();
  }
  return refused;
};

/** Tables, columns and indexes of the public schema, and the migrations recorded. */
const schemaOf = async (target: DatabaseTarget) => {
  const database = await openDatabase(target);
  try {
    return await queryRows(
      database.db,
      sql`select 'column' as kind, table_name || '.' || column_name as name from information_schema.columns
            where table_schema = 'public'
          union all select 'index', indexname from pg_indexes where schemaname = 'public'
          union all select 'migrations', count(*)::text from drizzle.__drizzle_migrations
          order by 1, 2`,
    );
  } finally {
    await database.close();
  }
};

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../main/server.ts');

describe('a migration that fails half-way', () => {
  let restored: Awaited<ReturnType<typeof restoredRelease>>;

  beforeAll(async () => {
    restored = await restoredRelease();
    // Every pending migration's statements run, then recording it fails: the latest point to fail.
    const database = await openDatabase(restored.target);
    await database.db.execute(sql`
      create function refuse_migration() returns trigger language plpgsql as $$
        begin raise exception 'disk full (simulated)'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_migration before insert on drizzle.__drizzle_migrations
        for each row execute function refuse_migration()`);
    await database.close();
  });
  afterAll(() => restored.remove());

  it('leaves the database as it was and says what to do', async () => {
    const before = await schemaOf(restored.target);
    const started = bootstrap(restored.config, createLogger(restored.config), restored.target);
    await expect(started).rejects.toBeInstanceOf(MigrationFailedError);
    await expect(started).rejects.toThrow(/disk full \(simulated\)[\s\S]*Nothing was changed/);
    expect(await schemaOf(restored.target)).toEqual(before);
  });

  it('keeps the process from starting, with that message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        SANDBOX: 'true',
        UNSAFE_ALLOW_SANDBOX: 'true',
        SOCIAL_PROVIDERS: 'none',
        DATA_DIR: restored.dataDir,
        DATABASE_URL: restored.postgres?.url ?? '',
        SECRET: testSecret,
        PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('The database could not be upgraded (disk full (simulated))');
    expect(output).toContain('Nothing was changed');
  });
});
