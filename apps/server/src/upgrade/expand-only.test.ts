import { describe, expect, it } from 'vitest';
import { committedMigrations, contractionsIn, migrationsOfRelease } from './expand-only.ts';
import { previousRelease } from './release-fixture.ts';

describe('migrations since the previous release only expand (decision 058)', () => {
  const release = previousRelease();
  const since = committedMigrations().slice(migrationsOfRelease(release.version));

  it(`knows which migrations came after ${release.version}`, () => {
    expect(migrationsOfRelease(release.version)).toBeGreaterThan(0);
    expect(since.map(({ tag }) => tag)).toContain('0021_event_retention');
  });

  it('drops, renames and tightens nothing the previous release still uses', () => {
    for (const { tag, sql } of since) expect(contractionsIn(sql), tag).toEqual([]);
  });

  it('tells a contraction from an expansion', () => {
    const refused = [
      'ALTER TABLE "activity" DROP COLUMN "reason";',
      'ALTER TABLE "source" RENAME COLUMN "name" TO "title";',
      'ALTER TABLE "source" ALTER COLUMN "name" SET NOT NULL;',
      'ALTER TABLE "source" ALTER COLUMN "name" SET DATA TYPE varchar(20);',
      'ALTER TABLE "source" ADD COLUMN "kind" text NOT NULL;',
      'CREATE UNIQUE INDEX "source_name_unique" ON "source" USING btree ("name");',
      'DROP TABLE "oauth_state" CASCADE;',
    ];
    for (const statement of refused) expect(contractionsIn(statement), statement).toHaveLength(1);
    const allowed = [
      'ALTER TABLE "stripe_event" ADD COLUMN "payload_pruned_at" timestamp with time zone;',
      'ALTER TABLE "source" ADD COLUMN "kind" text DEFAULT \'stripe\' NOT NULL;',
      'CREATE INDEX "activity_time_idx" ON "activity" USING btree ("time");',
      'CREATE TABLE "note" ("id" text PRIMARY KEY NOT NULL);',
      // A new table's own unique index: old code never writes to the table.
      'CREATE TABLE "note" ("id" text, "key" text);\n--> statement-breakpoint\nCREATE UNIQUE INDEX "note_key" ON "note" USING btree ("key");',
      '-- contract: 1.2.0 no longer reads it\nALTER TABLE "activity" DROP COLUMN "reason";',
    ];
    for (const statement of allowed) expect(contractionsIn(statement), statement).toEqual([]);
  });
});
