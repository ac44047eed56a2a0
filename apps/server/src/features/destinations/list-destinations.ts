import { asc, eq } from 'drizzle-orm';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { destinationToApi } from './destination-to-api.ts';

export const listDestinations = implement('listDestinations', async ({ subscriptionId }, { app }) => {
  const rows = await app.database.db
    .select()
    .from(destination)
    .where(eq(destination.subscriptionId, subscriptionId))
    .orderBy(asc(destination.createdAt), asc(destination.id));
  return { destinations: rows.map(destinationToApi) };
});
