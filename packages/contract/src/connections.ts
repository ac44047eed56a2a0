import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { isReservedFieldName } from './settings.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

/**
 * What sources and destinations share: the connection status (derived from the stored connection,
 * not a state of its own: a source with an account is connected), the OAuth callback state,
 * the messages the browser keys on (spec §8 "alreadyConnected" when the message contains
 * "already connected") and the dashboard's connected counts.
 */
export const connectionStatuses = ['not_connected', 'connected'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/**
 * The callback's `state` (spec §3 "Provider callback query"): `{subscriptionId}:{targetId}:{nonce}`.
 * The spec's two-part form is extended by a single-use nonce; the browser only needs the first two.
 */
export const oauthStateSchema = z.string().trim().min(3).max(300);

/**
 * Starting a connection of what is already connected is a reconnect: the server lets go of the old
 * grant and remembers the enable switch, which the connection made on the consent page restores.
 */
export const reconnectInput = { reconnect: z.boolean().optional() };

export type ParsedOAuthState = { subscriptionId: string; targetId: string; nonce: string };

export const parseOAuthState = (state: string): ParsedOAuthState | undefined => {
  const [subscriptionId, targetId, nonce, ...rest] = state.split(':');
  if (!subscriptionId || !targetId || !nonce || rest.length > 0) return undefined;
  return { subscriptionId, targetId, nonce };
};

export const connectionIdSchema = z.string().trim().min(1).max(64);
/** A name may be empty: lists show an untitled label. */
export const connectionNameSchema = z.string().trim().max(100);
export const authorizationCodeSchema = z.string().trim().min(1).max(500);

/** Spec §5: stored field names may not begin and end with "__", at any depth. */
export const reservedFieldNames = (value: unknown, at: string[] = []): string[][] => {
  if (Array.isArray(value))
    return value.flatMap((item, index) => reservedFieldNames(item, [...at, String(index)]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, nested]) =>
    isReservedFieldName(key) ? [[...at, key]] : reservedFieldNames(nested, [...at, key]),
  );
};

/** Settings as sent: any object whose field names are allowed, then parsed by `schema`. */
export const storedSettingsSchema = <T extends z.ZodType<unknown, Record<string, unknown>>>(schema: T) =>
  z
    .record(z.string(), z.unknown())
    .superRefine((value, ctx) => {
      for (const path of reservedFieldNames(value)) {
        const name = path[path.length - 1] ?? '';
        ctx.addIssue({
          code: 'custom',
          path,
          message: `Field name "${name}" is reserved: names may not begin and end with "__"`,
        });
      }
    })
    .pipe(schema);

export const getIntegrationCounts = defineFunction({
  name: 'getIntegrationCounts',
  input: z.object({ subscriptionId: subscriptionIdSchema }),
  output: z.object({
    /** Connected sources and destinations. */
    sources: z.number().int(),
    destinations: z.number().int(),
    /** Pipeline mapping rules of the connected destinations: the dashboard's first-run step. */
    mapping_rules: z.number().int(),
  }),
  requires: { allOf: ['access'] },
  whenCanceled: 'allowed',
});
