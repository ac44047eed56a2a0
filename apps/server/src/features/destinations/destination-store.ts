import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  connectionMessages,
  fieldMappingsSchema,
  keyedError,
  pipelineMappingRuleSchema,
  type DestinationSettings,
  type FieldMapping,
  type PipelineMappingRule,
} from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { destination, subscription, type DestinationRow } from '../../db/schema.ts';

/** The destination `destinationId` of the workspace, or not-found. */
export const loadDestination = async (
  db: Db,
  subscriptionId: string,
  destinationId: string,
): Promise<DestinationRow> => {
  const [row] = await db
    .select()
    .from(destination)
    .where(and(eq(destination.id, destinationId), eq(destination.subscriptionId, subscriptionId)));
  if (!row) throw keyedError('not-found', connectionMessages, 'destinationNotFound');
  return row;
};

/** The destination's deal-stage rules as stored; one that no longer parses is left out. */
export const rulesOf = (row: DestinationRow): PipelineMappingRule[] => {
  const rules = row.settings.pipeline_mapping_rules;
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((rule) => {
    const parsed = pipelineMappingRuleSchema.safeParse(rule);
    return parsed.success ? [parsed.data] : [];
  });
};

/** The destination's field mappings as stored; none when they no longer parse as a whole. */
export const fieldMappingsOf = (row: DestinationRow): FieldMapping[] => {
  const parsed = fieldMappingsSchema.safeParse(row.settings.field_mappings ?? []);
  return parsed.success ? parsed.data : [];
};

/** The destination's settings as the sync reads them: what an audit record compares a save with. */
export const settingsOf = (row: DestinationRow): DestinationSettings => ({
  pipeline_mapping_rules: rulesOf(row),
  field_mappings: fieldMappingsOf(row),
  companies_from_domains: row.settings.companies_from_domains === true,
  tasks_on_failed_payment: tasksOnFailedPayment(row),
});

/** Whether a failed payment makes a task for the deal's owner (issue 33 §4; off until switched on). */
export const tasksOnFailedPayment = (row: DestinationRow): boolean =>
  row.settings.tasks_on_failed_payment === true;

/**
 * The workspace's destinations events are written to: switched on and connected (the workspace by
 * its id, several by theirs, or as a joined query's column).
 */
export const syncingDestinationsOf = (subscriptionId: string | string[] | typeof subscription.id) =>
  and(
    Array.isArray(subscriptionId)
      ? inArray(destination.subscriptionId, subscriptionId)
      : eq(destination.subscriptionId, subscriptionId),
    eq(destination.enabled, true),
    isNotNull(destination.accessTokenSealed),
  );

/**
 * What a destination looks like once disconnected: no tokens, not syncing. The portal id stays, so
 * a reconnection to another portal can tell that the remembered HubSpot record ids are stale.
 */
export const disconnectedDestination = () => ({
  enabled: false,
  scopes: [],
  accessTokenSealed: null,
  refreshTokenSealed: null,
  tokenExpiresAt: null,
  connectionLostAt: null,
  updatedAt: new Date(),
});
