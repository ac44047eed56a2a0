/**
 * The audit log's vocabulary (issue 36 §2), without zod: the audit log page and the profile read it
 * on first render, and zod loads with the mapping editor only (decision 035).
 */

/** Who made a change: a signed-in user, the product itself, or the operator's `npm run admin`. */
export const auditActorTypes = ['user', 'system', 'operator'] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

/** Every change to a workspace the audit log records. */
export const workspaceAuditKinds = [
  'workspace.created',
  'workspace.settings_changed',
  'member.invited',
  'member.invite_revoked',
  'member.joined',
  'member.removed',
  'member.permissions_changed',
  'ownership.transferred',
  'source.created',
  'source.connected',
  'source.reconnected',
  'source.disconnected',
  'source.connection_lost',
  'source.deleted',
  'source.switched_on',
  'source.switched_off',
  'source.settings_changed',
  'destination.created',
  'destination.connected',
  'destination.reconnected',
  'destination.disconnected',
  'destination.connection_lost',
  'destination.deleted',
  'destination.switched_on',
  'destination.switched_off',
  'destination.settings_changed',
  'import.started',
  'reconciliation.started',
  'deals.reevaluated',
  'field_mappings.reapplied',
  'events.retried',
  'plan.changed',
  'subscription.canceled',
  'payment_method.added',
  'payment_method.default_changed',
  'payment_method.removed',
  'billing_details.changed',
  'two_factor.required',
  'two_factor.not_required',
] as const;
export type WorkspaceAuditKind = (typeof workspaceAuditKinds)[number];

/** A user's own security events, shown on their profile. */
export const securityAuditKinds = [
  'security.signed_in',
  'security.sign_in_failed',
  'security.signed_out',
  'security.sessions_ended',
  'security.password_changed',
  'security.password_reset',
  'security.two_factor_enabled',
  'security.two_factor_disabled',
  'security.recovery_codes_regenerated',
  'security.two_factor_reset',
] as const;
export type SecurityAuditKind = (typeof securityAuditKinds)[number];

export type AuditKind = WorkspaceAuditKind | SecurityAuditKind;

/** What a change was made to. */
export const auditTargetTypes = [
  'workspace',
  'member',
  'invite',
  'source',
  'destination',
  'payment_method',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** Months an audit event is kept before the retention job deletes it. */
export const auditRetentionMonths = 13;

/** One side of a change as people read it: text as it is, nothing as empty, anything else as JSON. */
export const auditValueText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
