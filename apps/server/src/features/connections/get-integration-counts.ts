import { and, count, eq, isNotNull } from 'drizzle-orm';
import { destination, source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';

/** The dashboard's connected counts (spec §2 "Dashboard"): access is enough to see them. */
export const getIntegrationCounts = implement('getIntegrationCounts', async ({ subscriptionId }, { app }) => {
  const { db } = app.database;
  const [sources] = await db
    .select({ value: count() })
    .from(source)
    .where(and(eq(source.subscriptionId, subscriptionId), isNotNull(source.accountId)));
  const [destinations] = await db
    .select({ value: count() })
    .from(destination)
    .where(and(eq(destination.subscriptionId, subscriptionId), isNotNull(destination.accessTokenSealed)));
  return { sources: sources?.value ?? 0, destinations: destinations?.value ?? 0 };
});
