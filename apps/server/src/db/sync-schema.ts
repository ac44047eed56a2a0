import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  bigint,
  bigserial,
  boolean,
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
import { subscription } from './core-schema.ts';

/** A connected Stripe account of a workspace (spec §3 "Source"). Tokens are sealed (secret-box). */
export const source = pgTable(
  'source',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** Stripe account id once connected; one workspace per account, so events route unambiguously. */
    accountId: text('account_id'),
    auth: jsonb('auth').$type<Record<string, unknown>>().notNull().default({}),
    /** Whether the connection is live; test-mode events are not synced or billed on a live source. */
    livemode: boolean('livemode'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** When Stripe deauthorized the platform; cleared by connecting again (connection health). */
    connectionLostAt: timestamp('connection_lost_at', { withTimezone: true }),
    /** When the account was last connected: a deauthorization Stripe sent before it is stale. */
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('source_subscription_id_idx').on(table.subscriptionId),
    uniqueIndex('source_account_id_unique')
      .on(table.accountId)
      .where(sql`${table.accountId} is not null`),
  ],
);

/** A connected HubSpot portal of a workspace (spec §3 "Destination"). */
export const destination = pgTable(
  'destination',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    hubId: bigint('hub_id', { mode: 'number' }),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** When HubSpot refused the refresh token; cleared by connecting again (connection health). */
    connectionLostAt: timestamp('connection_lost_at', { withTimezone: true }),
    /** Currencies the portal lacks that events are held for ("enable XYZ in HubSpot"); in the sync's write rounds. */
    missingCurrencies: text('missing_currencies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('destination_subscription_id_idx').on(table.subscriptionId)],
);

/** A single-use OAuth state nonce, bound to the session that started the flow (10 minutes). */
export const oauthState = pgTable('oauth_state', {
  nonce: text('nonce').primaryKey(),
  provider: text('provider').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  subscriptionId: text('subscription_id').notNull(),
  targetId: text('target_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** A reconnect of a source or destination that was switched on: connecting switches it on again. */
  enableOnConnect: boolean('enable_on_connect').notNull().default(false),
});

/** Any object a Stripe event carries in `data.object`. */
export type StripeObject = Stripe.Event['data']['object'];

/**
 * An inbox event's payload: the webhook's body as Stripe sent it, or a synthetic event of the same
 * shape (an import, a reconciliation, a re-evaluation) whose type is one of the product's own.
 * `type` narrows `data.object` through the sync's table of event types (features/sync/events).
 */
export type StoredStripeEvent = Omit<Stripe.Event, 'type' | 'data'> & {
  type: string;
  data: { object: StripeObject };
};

/**
 * The webhook inbox: every event we answered 2xx for, unique per account and event id. Its `state`
 * follows `eventTransitions`, changed only by `moveEvents` (features/sync/events/event-states.ts).
 */
export const stripeEvent = pgTable(
  'stripe_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    livemode: boolean('livemode').notNull(),
    /** Stripe's `created` (epoch seconds) of the event. */
    created: bigint('created', { mode: 'number' }).notNull(),
    objectId: text('object_id'),
    payload: jsonb('payload').$type<StoredStripeEvent>().notNull(),
    /**
     * The body as received, only when jsonb refused it (a lone UTF-16 surrogate, U+0000, a number
     * beyond numeric's range): `payload` then holds the envelope alone and the event is not synced.
     */
    rawPayload: text('raw_payload'),
    sourceId: text('source_id'),
    subscriptionId: text('subscription_id'),
    state: text('state').notNull(),
    /** Failed write attempts that count towards dead-lettering (transient errors do not). */
    attempts: integer('attempts').notNull().default(0),
    /** A ready event is not written before this (backoff after a failed write). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    lastError: text('last_error'),
    receivedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('stripe_event_account_event_unique').on(table.accountId, table.eventId),
    index('stripe_event_subscription_state_idx').on(table.subscriptionId, table.state, table.id),
    // The worker's sweep for events nobody has asked a drain for yet.
    index('stripe_event_waiting_idx')
      .on(table.receivedAt)
      .where(sql`${table.state} in ('received', 'ready')`),
  ],
);

/** One log line per sync event (spec §3 "Recent activity item"). */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    stripeEventId: bigint('stripe_event_id', { mode: 'number' })
      .notNull()
      .references(() => stripeEvent.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    rawEventType: text('raw_event_type').notNull(),
    eventId: text('event_id').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('activity_stripe_event_unique').on(table.stripeEventId),
    index('activity_subscription_time_idx').on(table.subscriptionId, table.time),
  ],
);

/** Sync events counted per workspace and billing period, and the usage notices already sent. */
export const usage = pgTable(
  'usage',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    events: integer('events').notNull().default(0),
    notifiedLevels: integer('notified_levels')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.periodStart] })],
);

/** Which HubSpot object a Stripe object became in one destination, and the newest state applied. */
export const crmLink = pgTable(
  'crm_link',
  {
    destinationId: text('destination_id')
      .notNull()
      .references(() => destination.id, { onDelete: 'cascade' }),
    stripeObjectId: text('stripe_object_id').notNull(),
    crmObjectType: text('crm_object_type').notNull(),
    crmObjectId: text('crm_object_id'),
    /** `created` and id of the newest event applied; older ones never overwrite it. */
    appliedEventCreated: bigint('applied_event_created', { mode: 'number' }),
    /** Its rank within that second (features/sync/event-order.ts): states only move forward. */
    appliedEventRank: integer('applied_event_rank').notNull().default(0),
    appliedEventId: text('applied_event_id'),
    /** A deal's pipeline and stage as last written: what a change of mapping rules moves it from. */
    dealPipeline: text('deal_pipeline'),
    dealStage: text('deal_stage'),
    /** A line item's subscription: the deal whose items are compared when it changes. */
    parentStripeObjectId: text('parent_stripe_object_id'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.destinationId, table.stripeObjectId, table.crmObjectType] }),
    index('crm_link_parent_idx')
      .on(table.destinationId, table.parentStripeObjectId)
      .where(sql`${table.parentStripeObjectId} is not null`),
  ],
);

/**
 * The request budget of one HubSpot portal, shared by every worker on every machine: its window of
 * calls, read and written under a row lock (features/sync/write/hubspot-budget.ts). UNLOGGED
 * (migration 0016, which Drizzle's schema cannot say): state for the next seconds, not a record.
 */
export const hubspotBudget = pgTable('hubspot_budget', {
  hubId: bigint('hub_id', { mode: 'number' }).primaryKey(),
  /** When each call of the last window was taken, oldest first (hubspot-budget.ts). */
  recentCalls: timestamp('recent_calls', { withTimezone: true })
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** After a 429: no call before this. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * What the writer last read of a HubSpot portal (features/sync/write/portal-facts.ts): its deal
 * pipelines, its currencies. Read when a destination connects and again when ten minutes old, so
 * no process, new or restarted, reads them again for each portal's first round.
 */
export const hubspotPortalFact = pgTable(
  'hubspot_portal_fact',
  {
    hubId: bigint('hub_id', { mode: 'number' }).notNull(),
    /** pipelines | currencies */
    fact: text('fact').notNull(),
    value: jsonb('value').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.hubId, table.fact] })],
);

/** An import of a source's existing objects through Stripe's list APIs, resumable after a crash. */
export const backfill = pgTable(
  'backfill',
  {
    id: text('id').primaryKey(),
    sourceId: text('source_id')
      .notNull()
      .references(() => source.id, { onDelete: 'cascade' }),
    /** running → done | failed */
    status: text('status').notNull(),
    /** The object kind being listed and the last id listed (Stripe's `starting_after`). */
    cursor: jsonb('cursor').$type<{ kind: string; after: string | null }>().notNull(),
    /** Objects imported so far, by kind; its keys are the kinds this import lists. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    /** Who asked for it on demand; null for the import a connection starts (issue 38 limits the others). */
    requestedBy: text('requested_by'),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('backfill_source_id_idx').on(table.sourceId, table.startedAt),
    // At most one import running per source, however many admins press the button at once.
    uniqueIndex('backfill_running_unique')
      .on(table.sourceId)
      .where(sql`${table.status} = 'running'`),
  ],
);

/**
 * A comparison of a source's Stripe objects with what was applied to HubSpot (decision 032): every
 * object listed, each difference sent through the sync as a `<kind>.reconciled` event.
 */
export const reconciliation = pgTable(
  'reconciliation',
  {
    id: text('id').primaryKey(),
    sourceId: text('source_id')
      .notNull()
      .references(() => source.id, { onDelete: 'cascade' }),
    /** running → done | failed */
    status: text('status').notNull(),
    /** The kinds compared, in order: those whose sync toggle was on when it started. */
    kinds: text('kinds').array().notNull(),
    /** The kind being listed and the last id listed (Stripe's `starting_after`). */
    cursor: jsonb('cursor').$type<{ kind: string; after: string | null }>().notNull(),
    /** Objects listed created up to this time (epoch seconds); newer ones come by their webhooks. */
    listedUpTo: bigint('listed_up_to', { mode: 'number' }).notNull(),
    /** Objects compared, and those that differed and were sent. */
    checked: integer('checked').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    error: text('error'),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('reconciliation_source_id_idx').on(table.sourceId, table.startedAt),
    uniqueIndex('reconciliation_running_unique')
      .on(table.sourceId)
      .where(sql`${table.status} = 'running'`),
  ],
);

export type SourceRow = typeof source.$inferSelect;
export type DestinationRow = typeof destination.$inferSelect;
export type StripeEventRow = typeof stripeEvent.$inferSelect;
export type ActivityRow = typeof activity.$inferSelect;
export type CrmLinkRow = typeof crmLink.$inferSelect;
export type BackfillRow = typeof backfill.$inferSelect;
export type ReconciliationRow = typeof reconciliation.$inferSelect;
