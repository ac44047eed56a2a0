import { stringify } from 'csv-stringify/sync';
import { auditExportMaxRows, auditValueText, type AuditChange, type AuditEvent } from '@billbridge/contract';
import { auditEvent } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { auditEventOf, auditWhere, newestFirst } from './audit-query.ts';

const columns = [
  'time',
  'actor_type',
  'actor_email',
  'kind',
  'target_type',
  'target_id',
  'target_name',
  'changes',
  'ip',
  'user_agent',
];

/** `field: before → after`, one change a line, as in the page. */
const changesText = (changes: AuditChange[]): string =>
  changes
    .map((change) => `${change.field}: ${auditValueText(change.before)} → ${auditValueText(change.after)}`)
    .join('\n');

const rowOf = (event: AuditEvent): string[] => [
  new Date(event.time * 1000).toISOString(),
  event.actor.type,
  event.actor.email ?? '',
  event.kind,
  event.target?.type ?? '',
  event.target?.id ?? '',
  event.target?.name ?? '',
  changesText(event.changes),
  event.ip ?? '',
  event.user_agent ?? '',
];

/** The filtered log as CSV (RFC 4180, csv-stringify), newest first, for the browser to save. */
export const exportAuditLog = implement('exportAuditLog', async (filters, { app, workspace }) => {
  const rows = await app.database.db
    .select()
    .from(auditEvent)
    .where(auditWhere({ ...filters, subscriptionId: workspace.subscription.id }))
    .orderBy(...newestFirst)
    .limit(auditExportMaxRows);
  const csv = stringify(rows.map(auditEventOf).map(rowOf), { header: true, columns });
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `audit-log-${workspace.subscription.id}-${day}.csv`, csv };
});
