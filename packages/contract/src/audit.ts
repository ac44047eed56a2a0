import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { filterTimeSchema } from './activity.ts';
import { pageSchema, pageSizeSchema, userIdSchema } from './members.ts';
import { subscriptionIdSchema } from './subscriptions.ts';
import { auditActorTypes, auditTargetTypes, securityAuditKinds, workspaceAuditKinds } from './audit-kinds.ts';

/** One field of a change: its path (`pipeline_mapping_rules[rule-1].deal_stage`) and both values. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

const auditActorSchema = z.object({
  type: z.enum(auditActorTypes),
  /** The user who acted; null for the system and the operator. */
  user_id: z.string().nullable(),
  /** Their address when they acted: kept although the account may be gone since. */
  email: z.string().nullable(),
});

const auditEventBase = {
  id: z.string(),
  /** Epoch seconds. */
  time: z.number().int(),
  actor: auditActorSchema,
  target: z
    .object({ type: z.enum(auditTargetTypes), id: z.string(), name: z.string().nullable() })
    .nullable(),
  /** Before → after, field by field, where the event is a change; else empty. */
  changes: z.array(auditChangeSchema),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
};

export const auditEventSchema = z.object({ ...auditEventBase, kind: z.enum(workspaceAuditKinds) });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const securityEventSchema = z.object({ ...auditEventBase, kind: z.enum(securityAuditKinds) });
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** The filters of the audit log and of its CSV: person, kind and time range (epoch seconds, inclusive). */
const auditFilters = {
  subscriptionId: subscriptionIdSchema,
  actorUserId: userIdSchema.optional(),
  kind: z.enum(workspaceAuditKinds).optional(),
  from: filterTimeSchema.optional(),
  to: filterTimeSchema.optional(),
};

const fromNotAfterTo = <T extends { from?: number; to?: number }>(range: T) =>
  range.from === undefined || range.to === undefined || range.from <= range.to;
const fromNotAfterToIssue = { message: '"from" must not be after "to"', path: ['to'] };

/** The workspace's audit log (issue 36 §2): owner and admins, newest first, in pages. */
export const listAuditLog = defineFunction({
  name: 'listAuditLog',
  input: z
    .object({ ...auditFilters, page: pageSchema, pageSize: pageSizeSchema })
    .refine(fromNotAfterTo, fromNotAfterToIssue),
  output: z.object({
    count: z.number().int().nonnegative(),
    events: z.array(auditEventSchema),
    /** Everyone who appears in the log as actor, for the person filter (former members too). */
    people: z.array(z.object({ user_id: z.string(), email: z.string() })),
  }),
  requires: { anyOf: ['owner', 'admin'] },
  whenCanceled: 'allowed',
});

/** The most rows one CSV export holds: 13 months of a busy workspace, newest first. */
export const auditExportMaxRows = 50_000;

/** The same filters as a CSV file (RFC 4180), newest first, at most `auditExportMaxRows` rows. */
export const exportAuditLog = defineFunction({
  name: 'exportAuditLog',
  input: z.object(auditFilters).refine(fromNotAfterTo, fromNotAfterToIssue),
  output: z.object({ filename: z.string(), csv: z.string() }),
  requires: { anyOf: ['owner', 'admin'] },
  whenCanceled: 'allowed',
});

/** The caller's own security events (sign-ins, two-factor, password, sessions), newest first. */
export const listMySecurityEvents = defineFunction({
  name: 'listMySecurityEvents',
  input: z.object({ page: pageSchema, pageSize: pageSizeSchema }),
  output: z.object({ count: z.number().int().nonnegative(), events: z.array(securityEventSchema) }),
  requires: 'signed-in',
});
