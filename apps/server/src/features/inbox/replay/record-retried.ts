import type { Db } from '../../../db/client.ts';
import { recordAudit, type AuditedCall } from '../../../functions/audit-trail.ts';

/** A retry that sent events back through the sync, in the audit log; one that found none is no change. */
export const recordRetried = async (db: Db, call: AuditedCall, retried: number): Promise<number> => {
  if (retried > 0) await recordAudit(db, call, { kind: 'events.retried', after: { events: retried } });
  return retried;
};
