import { asc, eq } from 'drizzle-orm';
import { source } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { sourceToApi } from './source-to-api.ts';

export const listSources = implement('listSources', async ({ subscriptionId }, { app }) => {
  const rows = await app.database.db
    .select()
    .from(source)
    .where(eq(source.subscriptionId, subscriptionId))
    .orderBy(asc(source.createdAt), asc(source.id));
  return { sources: rows.map(sourceToApi) };
});
