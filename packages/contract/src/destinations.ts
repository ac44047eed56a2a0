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
import { fieldMappingObjects, fieldMappingsSchema, hubspotPropertySchema } from './field-mappings.ts';
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
    /** Stripe fields and metadata written to HubSpot properties (issue 34 §1). */
    field_mappings: fieldMappingsSchema.default([]),
    /** A customer on a business e-mail domain is associated with that domain's company (issue 33 §2). */
    companies_from_domains: z.boolean().default(false),
    /** A HubSpot task for the deal's owner when a payment fails (issue 33 §4; decision 068). */
    tasks_on_failed_payment: z.boolean().default(false),
  })
  .strict();
export type DestinationSettings = z.output<typeof destinationSettingsSchema>;

/**
 * What a destination does only with an optional HubSpot scope; one connected before the scope was
 * asked for lacks it until the owner reconnects. `contact_matching`: a customer's contact found by
 * the unique `billbridge_stripe_customer_id` (decision 062). `companies`: customers associated with
 * the company of their e-mail domain (decision 067).
 */
export const destinationFeatures = ['contact_matching', 'companies', 'company_revenue'] as const;
export type DestinationFeature = (typeof destinationFeatures)[number];

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
  /** Features the granted scopes leave out: reconnect to grant them (a connected destination only). */
  missing_features: z.array(z.enum(destinationFeatures)),
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

/** The portal's properties of each object the field mappings reach, for the editor (read live). */
export const getDestinationProperties = defineFunction({
  name: 'getDestinationProperties',
  input: destinationInput,
  output: z.object({
    objects: z.array(
      z.object({
        object: z.enum(fieldMappingObjects),
        properties: z.array(hubspotPropertySchema),
        /** Whether the granted scopes let Billbridge create a property on this object. */
        canCreate: z.boolean(),
      }),
    ),
  }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

/** The property types a new property can have, as HubSpot pairs `type` and `fieldType`. */
export const newPropertyTypes = {
  string: 'text',
  number: 'number',
  date: 'date',
  datetime: 'date',
  bool: 'booleancheckbox',
} as const;
export type NewPropertyType = keyof typeof newPropertyTypes;

/** A new property in the product's property group, named from its label; returns it as listed. */
export const createDestinationProperty = defineFunction({
  name: 'createDestinationProperty',
  input: destinationInput.extend({
    object: z.enum(fieldMappingObjects),
    label: z.string().trim().min(1).max(100),
    type: z.enum(Object.keys(newPropertyTypes) as [NewPropertyType, ...NewPropertyType[]]),
  }),
  output: z.object({ property: hubspotPropertySchema }),
  requires: { allOf: ['admin'] },
});
