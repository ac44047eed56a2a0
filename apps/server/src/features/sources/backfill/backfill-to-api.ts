import { backfillKinds, type Backfill, type BackfillKind, type BackfillStatus } from '@billbridge/contract';
import type { BackfillRow } from '../../../db/schema.ts';

const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The kinds an import lists, in import order: the keys of its counts (decision 012). */
export const kindsOf = (row: Pick<BackfillRow, 'counts'>): BackfillKind[] =>
  backfillKinds.filter((kind) => kind in row.counts);

export const backfillToApi = (row: BackfillRow): Backfill => ({
  id: row.id,
  source_id: row.sourceId,
  status: row.status as BackfillStatus,
  kinds: kindsOf(row),
  current_kind: row.status === 'running' ? (row.cursor.kind as BackfillKind) : null,
  counts: row.counts,
  error: row.error,
  start_time: epochSeconds(row.startedAt),
  finish_time: row.finishedAt ? epochSeconds(row.finishedAt) : null,
});
