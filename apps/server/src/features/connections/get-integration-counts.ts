import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { destination, source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';

/**
 * The dashboard's connected counts (spec §2 "Dashboard") and the mapping rules of the connected
 * destinations (its first-run steps): access is enough to see them.
 */
export const getIntegrationCounts = implement('getIntegrationCounts', async ({ subscriptionId }, { app }) => {
  const { db } = app.database;
  const [sources] = await db
    .select({ value: count() })
    .from(source)
    .where(and(eq(source.subscriptionId, subscriptionId), isNotNull(source.accountId)));
  const rules = sql<number>`coalesce(sum(jsonb_array_length(coalesce(${destination.settings} -> 'pipeline_mapping_rules', '[]'::jsonb))), 0)::int`;
  const [destinations] = await db
    .select({ value: count(), rules })
    .from(destination)
    .where(and(eq(destination.subscriptionId, subscriptionId), isNotNull(destination.accessTokenSealed)));
  return {
    sources: sources?.value ?? 0,
    destinations: destinations?.value ?? 0,
    mapping_rules: Number(destinations?.rules ?? 0),
  };
});
