import { sql } from 'drizzle-orm';
import type { InviteStatus } from '@billbridge/contract';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth-schema.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Profiles, workspaces, members, invites, the per-address account throttles and the dev mailbox:
 * the tables the sync and billing parts reference import them from here, not from the barrel.
 */

/** The spec's user document: written on every sign-up and sign-in (create_time set once). */
export const userProfile = pgTable('user_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  avatarUrl: text('avatar_url'),
  language: text('language'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
});

/** A workspace ("subscription" in the spec). */
export const subscription = pgTable(
  'subscription',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id),
    planId: text('plan_id').notNull(),
    status: text('status').notNull().default('active'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /**
     * A paid plan whose first payment Stripe has not confirmed yet (issue 38): `plan_id` stays the
     * previous plan, with its cap and period, until the billing subscription is active or trialing.
     */
    pendingPlanId: text('pending_plan_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscription_owner_id_idx').on(table.ownerId),
    // The worker's minute look for ended periods reads only those, not every workspace (issue 35).
    index('subscription_period_end_idx')
      .on(table.currentPeriodEnd)
      .where(sql`${table.status} in ('active', 'capped')`),
  ],
);

/** One row per member; the spec's `permissions` map (key → user ids) is derived from these. */
export const membership = pgTable(
  'membership',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.userId] }),
    index('membership_user_id_idx').on(table.userId),
  ],
);

/**
 * An invitation to a workspace by e-mail (spec §3 "Invite"); its status follows the contract's
 * `inviteTransitions`. At most one pending invite per workspace and e-mail.
 */
export const invite = pgTable(
  'invite',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').$type<InviteStatus>().notNull().default('pending'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inviterId: text('inviter_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invite_pending_email_idx')
      .on(table.subscriptionId, table.email)
      .where(sql`status = 'pending'`),
    index('invite_email_status_idx').on(table.email, table.status),
    // The invite limits count an inviter's and a workspace's recent invites (features/invites/invite-limits.ts).
    index('invite_inviter_created_idx').on(table.inviterId, table.createdAt),
    index('invite_subscription_created_idx').on(table.subscriptionId, table.createdAt),
    check('invite_status_check', sql`${table.status} in ('pending', 'accepted', 'rejected', 'revoked')`),
    check('invite_email_lower_case_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Failed sign-ins per e-mail address, whatever client address they come from (issue 12, item 9):
 * the window opens at the first failure and a success clears it. Keyed by a hash of the lower-cased
 * address, so addresses that have no account are not stored in the clear.
 */
export const signInFailure = pgTable('sign_in_failure', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Password-reset e-mails per account, whatever client address asked (issue 12, item 9): a few in
 * a window, so nobody floods an inbox by asking from many addresses.
 */
export const passwordResetMail = pgTable('password_reset_mail', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  mails: integer('mails').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Billing attempts a user made (plan changes to a paid plan, paid workspaces, setup intents),
 * counted per user over a day so nobody tests cards or piles up platform customers (issue 38).
 */
export const billingAttempt = pgTable(
  'billing_attempt',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('billing_attempt_user_time_idx').on(table.userId, table.createdAt)],
);

/** E-mails kept instead of sent when no SMTP server is configured (the embedded default). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (table) => [index('dev_mail_created_at_idx').on(table.createdAt)],
);

export type UserRow = typeof user.$inferSelect;
export type UserProfileRow = typeof userProfile.$inferSelect;
export type SubscriptionRow = typeof subscription.$inferSelect;
export type MembershipRow = typeof membership.$inferSelect;
export type InviteRow = typeof invite.$inferSelect;
export type DevMailRow = typeof devMail.$inferSelect;
