import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AuditEvent, SecurityEvent, WorkspaceAuditKind } from '@billbridge/contract';
import { auditEvent, type AuditEventRow } from '../../db/schema.ts';

export type AuditFilters = {
  subscriptionId: string;
  actorUserId?: string;
  kind?: WorkspaceAuditKind;
  /** Epoch seconds, inclusive. */
  from?: number;
  to?: number;
};

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** The rows of one workspace's log that pass the filters. */
export const auditWhere = ({ subscriptionId, actorUserId, kind, from, to }: AuditFilters): SQL | undefined =>
  and(
    eq(auditEvent.subscriptionId, subscriptionId),
    actorUserId === undefined ? undefined : eq(auditEvent.actorUserId, actorUserId),
    kind === undefined ? undefined : eq(auditEvent.kind, kind),
    from === undefined ? undefined : gte(auditEvent.createdAt, fromSeconds(from)),
    // Inclusive of the whole last second.
    to === undefined ? undefined : lte(auditEvent.createdAt, fromSeconds(to + 0.999)),
  );

/** Newest first; the id orders what happened in the same instant. */
export const newestFirst = [desc(auditEvent.createdAt), desc(auditEvent.id)];

const baseOf = (row: AuditEventRow) => ({
  id: String(row.id),
  time: Math.floor(row.createdAt.getTime() / 1000),
  actor: { type: row.actorType, user_id: row.actorUserId, email: row.actorEmail },
  target:
    row.targetType && row.targetId ? { type: row.targetType, id: row.targetId, name: row.targetName } : null,
  changes: row.changes,
  ip: row.ip,
  user_agent: row.userAgent,
});

export const auditEventOf = (row: AuditEventRow): AuditEvent => ({
  ...baseOf(row),
  kind: row.kind as AuditEvent['kind'],
});

export const securityEventOf = (row: AuditEventRow): SecurityEvent => ({
  ...baseOf(row),
  kind: row.kind as SecurityEvent['kind'],
});
