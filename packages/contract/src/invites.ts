import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { permissionKeys } from './permissions.ts';
import { permissionListSchema } from './members.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

export const inviteStatuses = ['pending', 'accepted', 'rejected', 'revoked'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

export type InviteAction = 'accept' | 'reject' | 'revoke';

/**
 * The invite state machine (spec §4): a pending invite is accepted or rejected by the invitee or
 * revoked by the inviter's side; every other state is final.
 */
export const inviteTransitions: Record<InviteStatus, Partial<Record<InviteAction, InviteStatus>>> = {
  pending: { accept: 'accepted', reject: 'rejected', revoke: 'revoked' },
  accepted: {},
  rejected: {},
  revoked: {},
};

/** The state `action` leads to from `status`, or undefined when the machine does not allow it. */
export const nextInviteStatus = (status: InviteStatus, action: InviteAction): InviteStatus | undefined =>
  inviteTransitions[status][action];

/** Invites are matched on the lower-cased e-mail (spec §3 "Invite"). */
export const inviteEmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

export const inviteIdSchema = z.string().trim().min(1).max(64);

/** A pending invite as the home page lists it (spec §2 "Subscription list", §3 "Invite"). */
export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(inviteStatuses),
  subscription_id: z.string(),
  /** Empty when the workspace has no name yet; the browser shows "untitled". */
  subscription_name: z.string(),
  host_name: z.string(),
  permissions: z.array(z.enum(permissionKeys)),
});
export type Invite = z.infer<typeof inviteSchema>;

/** The signed-in user's pending invites (their e-mail, lower-cased), newest first. */
export const listMyInvites = defineFunction({
  name: 'listMyInvites',
  input: z.object({}),
  output: z.object({ invites: z.array(inviteSchema) }),
  requires: 'signed-in',
  verifiedEmail: 'required',
});

/** Invites `email` with `permissions`; the default permission is always added. */
export const createInvite = defineFunction({
  name: 'createInvite',
  input: z.object({
    subscriptionId: subscriptionIdSchema,
    email: inviteEmailSchema,
    permissions: permissionListSchema,
  }),
  output: z.object({ inviteId: z.string() }),
  requires: { allOf: ['admin'] },
  verifiedEmail: 'required',
});

/** The invitee joins the workspace with the invite's permissions. */
export const acceptInvite = defineFunction({
  name: 'acceptInvite',
  input: z.object({ inviteId: inviteIdSchema }),
  output: z.object({ subscriptionId: z.string() }),
  requires: 'signed-in',
  verifiedEmail: 'required',
});

export const rejectInvite = defineFunction({
  name: 'rejectInvite',
  input: z.object({ inviteId: inviteIdSchema }),
  output: z.null(),
  requires: 'signed-in',
  verifiedEmail: 'required',
});

export const revokeInvite = defineFunction({
  name: 'revokeInvite',
  input: z.object({ subscriptionId: subscriptionIdSchema, inviteId: inviteIdSchema }),
  output: z.null(),
  requires: { allOf: ['admin'] },
});

/**
 * Invites go out through the operator's SMTP: these keep an account, or a workspace, from turning
 * it into a spam relay (issue 12, item 3). Counted from the invite rows, revoked ones included.
 */
export const inviteLimits = {
  perHour: 20,
  perDay: 100,
  pendingPerWorkspace: 100,
  /** Invites of one address to one workspace within a day: an invite, a revoke, and one more try. */
  sameAddressPerDay: 3,
} as const;

/** The texts of invite errors; the browser matches the first two (spec §8 "createInvite"). */
export const inviteMessages = {
  alreadyInvited: 'This email already has a pending invite',
  alreadyMember: 'This user is already a member of this project',
  youAreAlreadyMember: 'You are already a member of this project',
  notFound: 'Invite not found.',
  notYours: 'This invite is not addressed to you.',
  notPending: 'This invite is no longer pending.',
  tooManyInvites: 'Too many invites were sent in a short time. Try again later.',
  tooManyPendingInvites: 'This project has too many pending invites. Revoke some before inviting more.',
  addressInvitedTooOften: 'This address has been invited too often today. Try again tomorrow.',
  /** Granting Administrator is the owner's, by invite as by editing permissions (spec §6). */
  adminByOwnerOnly: 'Only the subscription owner can invite an administrator',
} as const;
