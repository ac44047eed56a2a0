import { sql } from 'drizzle-orm';
import type { AuditActorType, AuditChange, AuditKind, AuditTargetType } from '@billbridge/contract';
import { bigserial, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth-schema.ts';
import { createdAt } from './columns.ts';
import { subscription } from './core-schema.ts';

/**
 * The audit log (issue 36 §2, decision 065): one row per change to a workspace, written in the
 * transaction of the change, and one per security event of a user (`subscription_id` null). Who
 * acted is kept as it was (id and address, no foreign key), so a deleted account's changes stay.
 */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: text('subscription_id').references(() => subscription.id, { onDelete: 'cascade' }),
    /** Whose security event this is (sign-ins, two-factor, password, sessions); null for workspace changes. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    actorType: text('actor_type').$type<AuditActorType>().notNull(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    kind: text('kind').$type<AuditKind>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    /** Before → after, field by field, where the event is a change. */
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_event_subscription_created_idx').on(table.subscriptionId, table.createdAt),
    index('audit_event_user_created_idx').on(table.userId, table.createdAt),
    // The retention job deletes the oldest first.
    index('audit_event_created_idx').on(table.createdAt),
    check('audit_event_owner_check', sql`${table.subscriptionId} is not null or ${table.userId} is not null`),
    check('audit_event_actor_check', sql`${table.actorType} in ('user', 'system', 'operator')`),
  ],
);

export type AuditEventRow = typeof auditEvent.$inferSelect;
