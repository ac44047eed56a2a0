import type { Db } from '../../db/client.ts';
import { changesBetween, recordAudit, type AuditedCall } from '../../functions/audit-trail.ts';

type Saved = { id: string; name: string; enabled: boolean; settings: unknown };

/**
 * A source's or destination's save, as the audit log tells it: switched on or off, and its name,
 * toggles or mapping rules before → after. Nothing is recorded for a save that changed nothing.
 */
export const recordConnectionSave = async (
  db: Db,
  call: AuditedCall,
  type: 'source' | 'destination',
  before: Saved,
  after: Saved,
): Promise<void> => {
  const target = { type, id: after.id, name: after.name || before.name };
  if (before.enabled !== after.enabled)
    await recordAudit(db, call, { kind: `${type}.switched_${after.enabled ? 'on' : 'off'}`, target });
  const was = { name: before.name, settings: before.settings };
  const is = { name: after.name, settings: after.settings };
  if (changesBetween(was, is).length > 0)
    await recordAudit(db, call, { kind: `${type}.settings_changed`, target, before: was, after: is });
};
