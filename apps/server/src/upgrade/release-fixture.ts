import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * A released version's database as its users left it (decision 058): cut by `npm run
 * release:fixture` on the release's commit, kept in `releases/<version>/`, and started by every
 * later release's upgrade test.
 */
export type ReleaseFixture = {
  version: string;
  /** Every fixture user's password; `owner` owns both workspaces. */
  password: string;
  owner: string;
  synced: { subscriptionId: string; account: string; portalId: number };
  /** A workspace whose destination is off: its events wait, held. */
  held: { subscriptionId: string; account: string; portalId: number; destinationId: string };
  /** The synced workspace's dashboard as the release answered it. */
  dashboard: Record<'getRecentActivities' | 'getAggregatedActivities' | 'getUsage', unknown>;
};

const releasesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'releases');

export const fixtureDir = (version: string): string => path.join(releasesDir, version);

/** The release the upgrade test starts from: the newest fixture kept. */
export const previousRelease = (): ReleaseFixture => {
  const manifest = JSON.parse(readFileSync(path.join(releasesDir, 'previous.json'), 'utf8')) as {
    version: string;
  };
  return JSON.parse(
    readFileSync(path.join(fixtureDir(manifest.version), 'release.json'), 'utf8'),
  ) as ReleaseFixture;
};

/** A statement the release sent, with the first values it was sent with (`cut-release.ts`). */
export type ReleaseStatement = { text: string; values: unknown[] };

/**
 * The statements the release's processes send once migrated, but those about the session itself
 * (transactions, session locks, LISTEN), which a replay must not leave behind.
 */
export const releaseStatements = (version: string): ReleaseStatement[] =>
  (
    JSON.parse(
      gunzipSync(readFileSync(path.join(fixtureDir(version), 'statements.json.gz'))).toString(),
    ) as ReleaseStatement[]
  ).filter(
    ({ text }) =>
      !/^\s*(begin|commit|rollback|listen|unlisten|create database)\b/i.test(text) &&
      !/pg_(try_)?advisory_(un)?lock(_shared)?\(/i.test(text),
  );

const databaseSql = (version: string): string =>
  gunzipSync(readFileSync(path.join(fixtureDir(version), 'database.sql.gz'))).toString();

/**
 * Lays the release's data into `dataDir` as that release left it: the stand-ins' state, and the
 * database, into PGlite in `dataDir/pglite` (the embedded folder) or into the PostgreSQL database
 * at `databaseUrl`.
 */
export const restoreRelease = async (
  version: string,
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
): Promise<void> => {
  cpSync(path.join(fixtureDir(version), 'sandbox'), path.join(dataDir, 'sandbox'), { recursive: true });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(databaseSql(version));
    } finally {
      await client.end();
    }
    return;
  }
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    await pglite.exec(databaseSql(version));
  } finally {
    await pglite.close();
  }
};
