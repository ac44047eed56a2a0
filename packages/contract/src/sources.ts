import { z } from 'zod';
import { sourceSyncToggles, type SourceSyncToggle } from './source-toggles.ts';
import { defineFunction } from './define-function.ts';
import {
  authorizationCodeSchema,
  connectionIdSchema,
  connectionNameSchema,
  connectionStatuses,
  oauthStateSchema,
  reconnectInput,
  storedSettingsSchema,
} from './connections.ts';
import { subscriptionIdSchema } from './subscriptions.ts';
import { sourceConnectionKinds } from './restricted-key.ts';

/** A source is a connected Stripe account (spec §3 "Source"); Stripe is the only type. */
export const sourceTypes = ['stripe'] as const;
export type SourceType = (typeof sourceTypes)[number];

/** Stripe's limits on a metadata key and value (https://docs.stripe.com/metadata). */
const metadataKeySchema = z.string().trim().min(1).max(40);
const metadataValueSchema = z.string().trim().min(1).max(500);

/**
 * Who reaches the CRM at all (issue 34 §2): a customer, and what hangs off it, syncs only when every
 * filter set passes; each is off by default. A customer already written keeps being updated.
 */
export const sourceFiltersSchema = z
  .object({
    /** Only customers with a billing subscription that is active, trialing or past due. */
    live_subscription: z.boolean().default(false),
    /** Only customers with a paid invoice of more than zero, or a succeeded payment. */
    has_paid: z.boolean().default(false),
    /** Only customers whose metadata holds this key with this value. */
    metadata: z
      .object({ key: metadataKeySchema, value: metadataValueSchema })
      .strict()
      .nullable()
      .default(null),
    /** Never customers created in a Stripe test clock (`test_clock` set). */
    exclude_test_clocks: z.boolean().default(false),
  })
  .strict();
export type SourceFilters = z.output<typeof sourceFiltersSchema>;

/** The kinds of Stripe objects a source syncs; each can be turned off, and all start on. */

export const sourceSettingsSchema = z
  .object({
    sync: z
      .object(
        Object.fromEntries(sourceSyncToggles.map((toggle) => [toggle, z.boolean().default(true)])) as Record<
          SourceSyncToggle,
          z.ZodDefault<z.ZodBoolean>
        >,
      )
      .strict()
      .prefault({}),
    filters: sourceFiltersSchema.prefault({}),
  })
  .strict();
export type SourceSettings = z.output<typeof sourceSettingsSchema>;

export const defaultSourceSettings = (): SourceSettings => sourceSettingsSchema.parse({});

/** What the connected account told us at connection time (spec §3 "auth"); empty when not connected. */
export const sourceAuthSchema = z.object({
  account_id: z.string(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  type: z.string(),
});
export type SourceAuth = z.infer<typeof sourceAuthSchema>;

export const sourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(sourceTypes),
  status: z.enum(connectionStatuses),
  enabled: z.boolean(),
  /** Stripe deauthorized the platform: connect again; settings are kept (connection health). */
  needs_reconnect: z.boolean(),
  /** Connect OAuth or a restricted key; null while not connected. */
  connection_kind: z.enum(sourceConnectionKinds).nullable(),
  /** Epoch seconds. */
  creation_time: z.number().int(),
  update_time: z.number().int(),
  auth: sourceAuthSchema,
  settings: sourceSettingsSchema,
});
export type Source = z.infer<typeof sourceSchema>;

const sourceInput = z.object({ subscriptionId: subscriptionIdSchema, sourceId: connectionIdSchema });
const success = z.object({ success: z.literal(true) });

export const createSource = defineFunction({
  name: 'createSource',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ sourceId: z.string() }),
  requires: { allOf: ['admin'] },
});

export const listSources = defineFunction({
  name: 'listSources',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ sources: z.array(sourceSchema) }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

export const getSource = defineFunction({
  name: 'getSource',
  input: sourceInput,
  output: sourceSchema,
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

/** The Stripe Connect authorize URL to send the browser to. */
export const startSourceConnection = defineFunction({
  name: 'startSourceConnection',
  input: sourceInput.extend(reconnectInput),
  output: z.object({ url: z.string() }),
  requires: { allOf: ['admin'] },
});

/** The callback page's call: exchanges the code of the state that `startSourceConnection` issued. */
export const connectSource = defineFunction({
  name: 'connectSource',
  input: sourceInput.extend({ code: authorizationCodeSchema, state: oauthStateSchema }),
  output: z.object({ source: sourceSchema }),
  requires: { allOf: ['admin'] },
});

/**
 * Connects with a restricted key (`rk_`) instead of Connect OAuth: each permission of
 * `restrictedKeyPermissions` is tried, the key is sealed and the source's own webhook endpoint
 * registered in the account (issue 36 §3).
 */
export const connectSourceWithKey = defineFunction({
  name: 'connectSourceWithKey',
  input: sourceInput.extend({ key: z.string().trim().min(1).max(500) }),
  output: z.object({ source: sourceSchema }),
  requires: { allOf: ['admin'] },
});

export const saveSource = defineFunction({
  name: 'saveSource',
  input: sourceInput.extend({
    name: connectionNameSchema,
    enabled: z.boolean(),
    settings: storedSettingsSchema(sourceSettingsSchema),
  }),
  output: success,
  requires: { allOf: ['admin'] },
});

export const deleteSource = defineFunction({
  name: 'deleteSource',
  input: sourceInput,
  output: success,
  requires: { allOf: ['admin'] },
  // A canceled workspace's grants can still be revoked and its connections removed (issue 38, item 8).
  whenCanceled: 'allowed',
});

export const disconnectSource = defineFunction({
  name: 'disconnectSource',
  input: sourceInput,
  output: success,
  requires: { allOf: ['admin'] },
  // A canceled workspace's grants can still be revoked and its connections removed (issue 38, item 8).
  whenCanceled: 'allowed',
});
