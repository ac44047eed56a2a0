import type { PageSize, WorkspaceAuditKind } from '@billbridge/contract';
import { rangeOf } from '../activity-log/log-filters.ts';
import type { AuditExportQuery, AuditQuery } from './audit-log-queries.ts';

/** Person and kind as chosen ('' for any), days as the date inputs give them (`YYYY-MM-DD`, local). */
export type AuditFilters = {
  actorUserId: string;
  kind: WorkspaceAuditKind | '';
  fromDay: string;
  toDay: string;
};

export const noAuditFilters: AuditFilters = { actorUserId: '', kind: '', fromDay: '', toDay: '' };

export const exportQueryOf = (filters: AuditFilters): AuditExportQuery => ({
  ...(filters.actorUserId ? { actorUserId: filters.actorUserId } : {}),
  ...(filters.kind ? { kind: filters.kind } : {}),
  // The days as the activity log reads them: the first second of the first, the last of the last.
  ...rangeOf(filters),
});

export const auditQueryOf = (filters: AuditFilters, page: number, pageSize: PageSize): AuditQuery => ({
  ...exportQueryOf(filters),
  page,
  pageSize,
});
