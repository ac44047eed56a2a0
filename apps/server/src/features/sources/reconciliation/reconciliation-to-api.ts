import type { Reconciliation, ReconciliationStatus } from '@billbridge/contract';
import type { ReconciliationRow } from '../../../db/schema.ts';

const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export const reconciliationToApi = (row: ReconciliationRow): Reconciliation => ({
  id: row.id,
  source_id: row.sourceId,
  status: row.status as ReconciliationStatus,
  checked: row.checked,
  differences: row.differences,
  error: row.error,
  start_time: epochSeconds(row.startedAt),
  finish_time: row.finishedAt ? epochSeconds(row.finishedAt) : null,
});
