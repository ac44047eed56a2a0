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

/** A source is a connected Stripe account (spec §3 "Source"); Stripe is the only type. */
export const sourceTypes = ['stripe'] as const;
export type SourceType = (typeof sourceTypes)[number];

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
