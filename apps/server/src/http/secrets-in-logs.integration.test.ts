import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { definePrepared } from '../db/prepared.ts';
import { startWorker } from '../main/start-worker.ts';
import { createLogger } from '../logger.ts';
import { bootstrap, type Running } from '../main/bootstrap.ts';
import { createPostgresDatabase, testConfig, testEngine } from '../testing/test-app.ts';
import { signUpUser } from '../testing/users.ts';
import { waitFor } from '../testing/wait.ts';
import { buildServerHttpApp } from '../main/http-app.ts';

describe('secrets stay out of logs and job data', () => {
  const lines: string[] = [];
  let running: Running;
  let app: FastifyInstance;
  let dataDir: string;
  let drop = async () => undefined as void;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-logs-'));
    const postgres = testEngine() === 'postgres' ? await createPostgresDatabase() : undefined;
    if (postgres) drop = postgres.drop;
    const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const logger = createLogger(config, { write: (line: string) => lines.push(line) });
    running = await bootstrap(
      config,
      logger,
      postgres ? { databaseUrl: postgres.url } : { pgliteDir: undefined },
    );
    app = await buildServerHttpApp(running.context, { webDist: path.join(dataDir, 'no-web') });
  });
  afterAll(async () => {
    await app.close();
    await running.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs a request without the values of its query', async () => {
    await app.inject({ method: 'GET', url: '/auth/action?mode=resetPassword&oobCode=SECRET-CODE-123' });
    const logged = lines.filter((line) => line.includes('/auth/action'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('')).toContain('/auth/action?mode=…&oobCode=…');
    expect(lines.join('')).not.toContain('SECRET-CODE-123');
  });

  it('logs a failed statement without the values it carried', async () => {
    const failure = await running.context.database.db
      .execute(sql`select ${'{"customer":"SECRET-PAYLOAD"}'}::int`)
      .catch((error: unknown) => error);
    running.context.logger.error({ err: failure }, 'statement failed');
    const logged = lines.find((line) => line.includes('statement failed')) ?? '';
    expect(logged).toContain('Failed query: select $1::int');
    expect(logged).not.toContain('SECRET-PAYLOAD');
  });

  it('logs a failed prepared statement (the webhook ingest’s kind) without the payload it carried', async () => {
    const parseJson = definePrepared<{ value: unknown }>('logs_test_parse_json', 'select $1::jsonb as value');
    // A lone surrogate: valid JSON text that PostgreSQL's jsonb refuses, echoing where it stopped.
    const payload = '{"email":"SECRET-CUSTOMER@example.com","name":"\\ud800"}';
    const failure = await parseJson(running.context.database, [payload]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    running.context.logger.error({ err: failure }, 'prepared statement failed');
    const logged = lines.find((line) => line.includes('prepared statement failed')) ?? '';
    expect(logged).toContain('invalid input syntax for type json');
    expect(logged).not.toContain('SECRET-CUSTOMER');
  });

  it('keeps no rendered e-mail in the job table once it is sent', async () => {
    const stopWorker = await startWorker(running.context);
    try {
      const user = await signUpUser(app, { email: 'links@example.com' });
      const jobs = await waitFor(
        async () => {
          const rows = await queryRows<{ state: string; data: unknown }>(
            running.context.database.db,
            sql`select state, data from pgboss.job where name = 'mail.send'`,
          );
          return rows.length > 0 && rows.every((row) => row.state === 'completed') && rows;
        },
        { what: `the verification e-mail to ${user.email} sent` },
      );
      for (const job of jobs) expect(job.data).toEqual({});
    } finally {
      stopWorker();
    }
  });
});
