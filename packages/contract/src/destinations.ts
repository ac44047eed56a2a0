import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import {
  authorizationCodeSchema,
  connectionIdSchema,
  connectionNameSchema,
  oauthStateSchema,
  reconnectInput,
  storedSettingsSchema,
} from './connections.ts';
import { pipelineMappingRuleSchema } from './mapping-rules.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/** A destination is a connected HubSpot portal (spec §3 "Destination"); HubSpot is the only type. */
export const destinationTypes = ['hubspot'] as const;
export type DestinationType = (typeof destinationTypes)[number];

export const maxMappingRules = 100;

export const destinationSettingsSchema = z
  .object({
    pipeline_mapping_rules: z
      .array(pipelineMappingRuleSchema)
      .max(maxMappingRules)
      .default([])
      .superRefine((rules, ctx) => {
        const seen = new Set<string>();
        rules.forEach((rule, index) => {
          if (seen.has(rule.id))
            ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Mapping rule ids must be unique' });
          seen.add(rule.id);
        });
      }),
  })
  .strict();
export type DestinationSettings = z.output<typeof destinationSettingsSchema>;

export const destinationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(destinationTypes),
  enabled: z.boolean(),
  /** Connected means an access token is stored (spec §3); the token itself never leaves the server. */
  connected: z.boolean(),
  /** HubSpot refused the refresh token: connect again; rules are kept and events held (connection health). */
  needs_reconnect: z.boolean(),
  /** Currencies the portal has not turned on that events are held for: enable them in HubSpot, then retry. */
  missing_currencies: z.array(z.string()),
  portal_id: z.number().int().nullable(),
  /** Epoch seconds. */
  creation_time: z.number().int(),
  update_time: z.number().int(),
  settings: destinationSettingsSchema,
});
export type Destination = z.infer<typeof destinationSchema>;

export const pipelineSchema = z.object({
  id: z.string(),
  label: z.string(),
  stages: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

const destinationInput = z.object({
  subscriptionId: subscriptionIdSchema,
  destinationId: connectionIdSchema,
});
const success = z.object({ success: z.literal(true) });

export const createDestination = defineFunction({
  name: 'createDestination',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ destinationId: z.string() }),
  requires: { allOf: ['admin'] },
});

export const listDestinations = defineFunction({
  name: 'listDestinations',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({ destinations: z.array(destinationSchema) }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

export const getDestination = defineFunction({
  name: 'getDestination',
  input: destinationInput,
  output: destinationSchema,
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

/** The HubSpot authorize URL to send the browser to. */
export const startDestinationConnection = defineFunction({
  name: 'startDestinationConnection',
  input: destinationInput.extend(reconnectInput),
  output: z.object({ url: z.string() }),
  requires: { allOf: ['admin'] },
});

export const connectDestination = defineFunction({
  name: 'connectDestination',
  input: destinationInput.extend({ code: authorizationCodeSchema, state: oauthStateSchema }),
  output: z.object({ destination: destinationSchema }),
  requires: { allOf: ['admin'] },
});

/** Mapping rules are checked here with the spec §5 messages (`details.fields[].message`). */
export const saveDestination = defineFunction({
  name: 'saveDestination',
  input: destinationInput.extend({
    name: connectionNameSchema,
    enabled: z.boolean(),
    settings: storedSettingsSchema(destinationSettingsSchema),
  }),
  output: success,
  requires: { allOf: ['admin'] },
});

/** Refused while connected (spec §2: delete is disabled while connected). */
export const deleteDestination = defineFunction({
  name: 'deleteDestination',
  input: destinationInput,
  output: success,
  requires: { allOf: ['admin'] },
  // A canceled workspace's grants can still be revoked and its connections removed (issue 38, item 8).
  whenCanceled: 'allowed',
});

export const disconnectDestination = defineFunction({
  name: 'disconnectDestination',
  input: destinationInput,
  output: success,
  requires: { allOf: ['admin'] },
  // A canceled workspace's grants can still be revoked and its connections removed (issue 38, item 8).
  whenCanceled: 'allowed',
});

/** The connected portal's deal pipelines and stages, for the mapping editor. */
export const getDestinationPipelines = defineFunction({
  name: 'getDestinationPipelines',
  input: destinationInput,
  output: z.object({ pipelines: z.array(pipelineSchema) }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});
