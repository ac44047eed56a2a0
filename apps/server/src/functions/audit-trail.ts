import diff from 'microdiff';
import type { AuditActorType, AuditChange, AuditKind, AuditTargetType } from '@billbridge/contract';
import type { Db } from '../db/client.ts';
import { auditEvent } from '../db/schema.ts';
import type { RequestOrigin } from '../security/client-ip.ts';
import type { CallContext } from './framework.ts';

export type AuditTarget = { type: AuditTargetType; id: string; name?: string | null };

/** What changed: the kind, what it was done to and, for a change, the state before and after. */
export type AuditEntry = {
  kind: AuditKind;
  target?: AuditTarget;
  /** Compared field by field: only what differs is kept. */
  before?: unknown;
  after?: unknown;
  /** For a workspace function the framework's workspace; else (accepting an invite) named here. */
  subscriptionId?: string;
};

/** The parts of a call the record needs: who, where from, and the workspace the framework loaded. */
export type AuditedCall = Pick<CallContext, 'caller' | 'workspace' | 'origin'>;

type Actor = { type: AuditActorType; userId?: string | null; email?: string | null };

type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

/**
 * Lists of objects with an `id` (mapping rules) are compared by id, not by position, so a rule's
 * change reads as that rule's change, and moving a rule does not look like editing every rule after it.
 */
const keyedByIds = (value: unknown): JsonValue => {
  if (Array.isArray(value)) {
    const ids = value.map((item: unknown) =>
      item !== null && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : undefined,
    );
    if (ids.length > 0 && ids.every((id) => typeof id === 'string'))
      return Object.fromEntries(value.map((item, index) => [ids[index] as string, keyedByIds(item)]));
    return value.map(keyedByIds);
  }
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keyedByIds(item)]));
  return (value ?? null) as JsonValue;
};

const fieldOf = (path: (string | number)[]): string =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index ? `.${part}` : part)).join('');

/** Before → after, one entry per changed leaf (`pipeline_mapping_rules.rule-1.deal_stage`). */
export const changesBetween = (before: unknown, after: unknown): AuditChange[] => {
  const was = keyedByIds(before);
  const is = keyedByIds(after);
  if (was === null || is === null || typeof was !== 'object' || typeof is !== 'object')
    return JSON.stringify(was) === JSON.stringify(is) ? [] : [{ field: '', before: was, after: is }];
  return diff(was, is).map((change) => ({
    field: fieldOf(change.path),
    before: change.type === 'CREATE' ? null : change.oldValue,
    after: change.type === 'REMOVE' ? null : change.value,
  }));
};

const insertAudit = async (
  db: Db,
  owner: { subscriptionId?: string | null; userId?: string | null },
  actor: Actor,
  entry: AuditEntry,
  origin: RequestOrigin | null,
): Promise<void> => {
  const changes =
    entry.before === undefined && entry.after === undefined ? [] : changesBetween(entry.before, entry.after);
  await db.insert(auditEvent).values({
    subscriptionId: owner.subscriptionId ?? null,
    userId: owner.userId ?? null,
    actorType: actor.type,
    actorUserId: actor.userId ?? null,
    actorEmail: actor.email ?? null,
    kind: entry.kind,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetName: entry.target?.name ?? null,
    changes,
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
  });
};

/**
 * Records a caller's change to a workspace. Call it with the transaction that makes the change,
 * so the change and its record commit together or not at all.
 */
export const recordAudit = (db: Db, call: AuditedCall, entry: AuditEntry): Promise<void> => {
  const subscriptionId = entry.subscriptionId ?? call.workspace?.subscription.id;
  if (!subscriptionId) throw new Error(`audit ${entry.kind}: no workspace named`);
  const actor: Actor = call.caller
    ? { type: 'user', userId: call.caller.userId, email: call.caller.email }
    : { type: 'system' };
  return insertAudit(db, { subscriptionId }, actor, entry, call.origin);
};

/** Records what the product itself (`system`) or the operator's admin command changed in a workspace. */
export const recordSystemAudit = (
  db: Db,
  subscriptionId: string,
  actor: 'system' | 'operator',
  entry: AuditEntry,
): Promise<void> => insertAudit(db, { subscriptionId }, { type: actor }, entry, null);

/** Records one of a user's own security events, as the user did it or as the operator did it to them. */
export const recordSecurityEvent = (
  db: Db,
  user: { id: string; email: string },
  kind: AuditKind,
  origin: RequestOrigin | null,
  actor: 'user' | 'operator' = 'user',
): Promise<void> =>
  insertAudit(
    db,
    { userId: user.id },
    actor === 'user' ? { type: 'user', userId: user.id, email: user.email } : { type: 'operator' },
    { kind },
    origin,
  );
