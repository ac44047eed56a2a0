import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
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
    /** A restricted key (`rk_`) the source reaches Stripe with instead of Connect, sealed (issue 36 §3). */
    restrictedKeySealed: text('restricted_key_sealed'),
    /** The key source's own webhook endpoint in its Stripe account, and that endpoint's signing secret, sealed. */
    webhookEndpointId: text('webhook_endpoint_id'),
    webhookSecretSealed: text('webhook_secret_sealed'),
    /** When its last reconciliation started (set as it begins): the schedule reads it by an index. */
    lastReconciledAt: timestamp('last_reconciled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('source_subscription_id_idx').on(table.subscriptionId),
    // The reconciliation schedule's minute look reads only the sources due (decision 086).
    index('source_reconcile_due_idx')
      .on(sql`coalesce(${table.lastReconciledAt}, ${table.connectedAt}, ${table.createdAt})`)
      .where(sql`${table.accountId} is not null and ${table.enabled}`),
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
 * `type` narrows `data.object` through the sync's table of event types (features/inbox/event-types.ts).
 */
export type StoredStripeEvent = Omit<Stripe.Event, 'type' | 'data'> & {
  type: string;
  data: { object: StripeObject };
};

/**
 * The webhook inbox: every event we answered 2xx for, unique per account and event id. Its `state`
 * follows `eventTransitions`, changed only by `moveEvents` (features/inbox/event-states.ts).
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
    /**
     * When the retention job replaced `payload` with its envelope and dropped `raw_payload`
     * (decision 058): the row stays for dedup, its body is gone.
     */
    payloadPrunedAt: timestamp('payload_pruned_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stripe_event_account_event_unique').on(table.accountId, table.eventId),
    // The retention job walks the events that still carry a payload, in id order.
    index('stripe_event_unpruned_idx')
      .on(table.id)
      .where(sql`${table.payloadPrunedAt} is null`),
    index('stripe_event_subscription_state_idx').on(table.subscriptionId, table.state, table.id),
    // A workspace's events in flight, oldest first: what the gate takes and the settle says waits.
    // Partial, so its size follows the backlog, not the table; read by plain index scans, which
    // mark the entries of settled events dead as they pass, so the next look skips them even
    // before a vacuum (decision 082).
    index('stripe_event_in_flight_idx')
      .on(table.subscriptionId, table.id)
      .where(sql`${table.state} in ('received', 'ready')`),
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
    // The retention job deletes the oldest activity first.
    index('activity_time_idx').on(table.time),
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
    /** Its rank within that second (features/sync/plan/event-order.ts): states only move forward. */
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
    // The retention job keeps the payload an applied state names (reconciliation compares with it).
    index('crm_link_applied_event_idx').on(table.appliedEventId),
  ],
);

/**
 * The HubSpot notes and tasks written for a Stripe event in one destination (decision 068): one per
 * event and kind, so an event delivered twice or replayed writes nothing more.
 */
export const crmEngagement = pgTable(
  'crm_engagement',
  {
    destinationId: text('destination_id')
      .notNull()
      .references(() => destination.id, { onDelete: 'cascade' }),
    stripeEventId: text('stripe_event_id').notNull(),
    /** `notes` or `tasks`. */
    crmObjectType: text('crm_object_type').notNull(),
    crmObjectId: text('crm_object_id').notNull(),
    /**
     * The Stripe customer the note or task is about: a contact made again after a deletion in
     * HubSpot takes the customer's notes and tasks too (decision 079). Null where it was unknown.
     */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.destinationId, table.stripeEventId, table.crmObjectType] }),
    index('crm_engagement_customer_idx')
      .on(table.destinationId, table.stripeCustomerId)
      .where(sql`${table.stripeCustomerId} is not null`),
  ],
);

/**
 * The request budget of one HubSpot portal, shared by every worker on every machine: its windows of
 * calls and of searches, read and written under a row lock (providers/hubspot/hubspot-budget.ts). UNLOGGED
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
  /** The same for CRM searches, which HubSpot limits apart: 5 a second (decision 075). */
  recentSearches: timestamp('recent_searches', { withTimezone: true })
    .array()
    .notNull()
    .default(sql`'{}'`),
  searchesBlockedUntil: timestamp('searches_blocked_until', { withTimezone: true }),
});

/**
 * What the writer last read of a HubSpot portal (providers/hubspot/portal-facts.ts): its deal
 * pipelines, its currencies. Read when a destination connects and again when ten minutes old, so
 * no process, new or restarted, reads them again for each portal's first round.
 */
export const hubspotPortalFact = pgTable(
  'hubspot_portal_fact',
  {
    hubId: bigint('hub_id', { mode: 'number' }).notNull(),
    /** pipelines | currencies | properties:<object type> */
    fact: text('fact').notNull(),
    value: jsonb('value').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.hubId, table.fact] }),
    // The minute's drop of facts past their trust reads only those, not every portal's (issue 35).
    index('hubspot_portal_fact_read_at_idx').on(table.readAt),
  ],
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

/**
 * The HubSpot company of an e-mail domain in one destination, found or created once (decision 067):
 * later customers of the domain are associated with it without searching HubSpot again.
 */
export const companyDomain = pgTable(
  'company_domain',
  {
    destinationId: text('destination_id')
      .notNull()
      .references(() => destination.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    companyId: text('company_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.destinationId, table.domain] })],
);

/** The company a customer was associated with, so its deals find it when its contact is not written. */
export const customerCompany = pgTable(
  'customer_company',
  {
    destinationId: text('destination_id')
      .notNull()
      .references(() => destination.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    companyId: text('company_id').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.destinationId, table.stripeCustomerId] })],
);

/**
 * What one Stripe object adds to its customer's revenue (decision 073), kept from its newest event so
 * the figures survive payload pruning and stay right whatever order events, imports and
 * reconciliations arrive in. A billing subscription's monthly amount, a paid invoice's amount, a
 * charge's refunds, a dispute: each in minor units of its own currency.
 */
export const revenueFact = pgTable(
  'revenue_fact',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscription.id, { onDelete: 'cascade' }),
    stripeObjectId: text('stripe_object_id').notNull(),
    kind: text('kind').$type<'subscription' | 'invoice' | 'charge' | 'dispute'>().notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    currency: text('currency').notNull(),
    /** Subscriptions: monthly-normalised amount after discounts; 0 when not live. */
    monthly: doublePrecision('monthly').notNull().default(0),
    /** Subscriptions: Stripe's status. */
    status: text('status'),
    /** Invoices: amount paid; charges: amount refunded (counted against the lifetime value). */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** The payment outcome this object says (succeeded / failed / refunded / disputed), and when. */
    paymentStatus: text('payment_status'),
    paymentAt: bigint('payment_at', { mode: 'number' }),
    /** Invoices: when it was paid (the first payment date is the earliest). */
    paidAt: bigint('paid_at', { mode: 'number' }),
    /** `created` of the event the fact comes from: an older event never overwrites a newer fact. */
    eventCreated: bigint('event_created', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.stripeObjectId] }),
    index('revenue_fact_customer_idx').on(table.subscriptionId, table.stripeCustomerId),
  ],
);

/**
 * What the sync knows of a source's Stripe products (decision 078): a price names its product by id
 * only, so the product's mappable fields and metadata are kept here, filled by `product.*` webhooks,
 * the import and, on a miss, one `products.retrieve`, instead of a Stripe call per round.
 */
export const stripeProduct = pgTable(
  'stripe_product',
  {
    sourceId: text('source_id')
      .notNull()
      .references(() => source.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    /** The product's mappable fields and its metadata, as Stripe sends them. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** Stripe's `updated` of the state kept: an older state never overwrites a newer one. */
    stripeUpdated: bigint('stripe_updated', { mode: 'number' }).notNull(),
    /** Deleted in Stripe (or unknown to it): kept so it is not asked for again. */
    deleted: boolean('deleted').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.sourceId, table.productId] })],
);
