import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../logger.ts';
import { bootstrap } from '../main/bootstrap.ts';
import { testConfig } from './test-app.ts';

/**
 * Vitest global setup of the integration projects: one database migrated and with the job queues
 * defined — by the app's own `bootstrap`, so it is exactly what a test app's start leaves — made
 * once per run and copied for each test file (`testing/test-app.ts`). A fresh embedded PGlite
 * spends seconds in initdb and the migrations before its first query; starting from the dump
 * skips both (decision 059). PGlite: a data folder dump in a file; PostgreSQL: a database that
 * `create database … template` copies.
 */
declare module 'vitest' {
  // Vitest's ProvidedContext is extended by declaration merging, which only an interface allows.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** PGlite: the dump's file; PostgreSQL: the template database's name. */
    databaseTemplate: string;
  }
}

const templatePrefix = 'bb_template_';

type Template = { value: string; remove: () => Promise<void> };

/** Runs `bootstrap` on `target` in a throwaway data folder and hands its database to `keep`. */
const bootstrapInto = async (
  target: Parameters<typeof bootstrap>[2],
  keep: (running: Awaited<ReturnType<typeof bootstrap>>) => Promise<void> = async () => undefined,
): Promise<void> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-template-'));
  const config = testConfig({ DATA_DIR: dataDir });
  const running = await bootstrap(config, createLogger(config), target);
  try {
    await running.context.queue.stop();
    await keep(running);
  } finally {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const pgliteTemplate = async (): Promise<Template> => {
  const file = path.join(os.tmpdir(), `bb-pglite-template-${randomBytes(6).toString('hex')}.tar`);
  await bootstrapInto({ pgliteDir: undefined }, async ({ context: { database } }) => {
    if (database.engine !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.pglite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  });
  return { value: file, remove: () => rm(file, { force: true }) };
};

const postgresTemplate = async (
  adminUrl: string,
): Promise<{ value: string; remove: () => Promise<void> }> => {
  const name = `${templatePrefix}${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await bootstrapInto({ databaseUrl: url.toString() });
  return { value: name, remove: () => admin(`drop database if exists ${name} with (force)`) };
};

/** Per engine, shared by its two projects (the many files and the `alone` ones) and removed after the last. */
const templates = new Map<string, { made: Promise<Template>; users: number }>();

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = project.config.env ?? {};
  const postgresUrl = env.TEST_DB === 'postgres' ? env.TEST_DATABASE_URL : undefined;
  const key = postgresUrl ?? 'pglite';
  const entry = templates.get(key) ?? {
    made: postgresUrl ? postgresTemplate(postgresUrl) : pgliteTemplate(),
    users: 0,
  };
  templates.set(key, entry);
  entry.users += 1;
  project.provide('databaseTemplate', (await entry.made).value);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    templates.delete(key);
    await (await entry.made).remove();
  };
}
