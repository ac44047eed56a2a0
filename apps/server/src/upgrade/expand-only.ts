import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { fixtureDir } from './release-fixture.ts';

/**
 * What a migration may not do while the previous release still serves (decision 058): each takes
 * away something old code reads or writes, or refuses a write it makes.
 */
const contractions: { pattern: RegExp; why: string }[] = [
  { pattern: /\bdrop\s+(table|column|schema|type|view|function)\b/i, why: 'drops what old code uses' },
  { pattern: /\brename\b/i, why: 'renames what old code names' },
  { pattern: /\balter\s+column\s+"?\w+"?\s+set\s+not\s+null\b/i, why: 'refuses old code’s nulls' },
  { pattern: /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i, why: 'changes a type old code reads' },
  {
    // Required and without a default: old code's inserts leave it empty.
    pattern: /^(?![^;]*\bdefault\b)[^;]*\badd\s+column\b[^;]*\bnot\s+null\b/i,
    why: 'a required column old code does not fill',
  },
  {
    pattern: /\b(create\s+unique\s+index|add\s+constraint\s+"?\w+"?\s+(unique|check))\b/i,
    why: 'refuses old writes',
  },
];

/** A release that contracts says so in the migration itself: `-- contract: <why it is safe now>`. */
const contractMarker = /^--\s*contract:/im;

/** The tables a migration creates: old code never writes them, so nothing on them refuses it. */
const tablesCreatedIn = (migrationSql: string): Set<string> =>
  new Set(
    [...migrationSql.matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi)].map(
      (m) => m[1] ?? '',
    ),
  );

/** The table a statement changes: `… on "t"` for an index, `alter table "t"` otherwise. */
const tableOf = (statement: string): string | undefined =>
  (/\bindex\b[^;]*?\bon\s+"?(\w+)"?/i.exec(statement) ?? /\balter\s+table\s+"?(\w+)"?/i.exec(statement))?.[1];

/** The contractions in one migration's SQL, unless it is marked as a release's contraction. */
export const contractionsIn = (migrationSql: string): string[] => {
  if (contractMarker.test(migrationSql)) return [];
  const created = tablesCreatedIn(migrationSql);
  return migrationSql
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => !created.has(tableOf(statement) ?? ''))
    .flatMap((statement) =>
      contractions
        .filter(({ pattern }) => pattern.test(statement))
        .map(({ why }) => `${why}: ${statement.split('\n')[0]}`),
    );
};

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The committed migrations, in order (Drizzle's journal). */
export const committedMigrations = (): { tag: string; sql: string }[] =>
  (
    JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries.map(({ tag }) => ({ tag, sql: readFileSync(path.join(drizzleDir, `${tag}.sql`), 'utf8') }));

/** How many migrations a release's database had applied: the rows of its migrations table. */
export const migrationsOfRelease = (version: string): number =>
  (
    gunzipSync(readFileSync(path.join(fixtureDir(version), 'database.sql.gz')))
      .toString()
      .match(/^INSERT INTO drizzle\.__drizzle_migrations /gm) ?? []
  ).length;
