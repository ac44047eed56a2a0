import { desc, eq } from 'drizzle-orm';
import { activity } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { activityToApi } from './activity-to-api.ts';

/** The newest activities of the workspace (spec §2 dashboard "recent activity"). */
export const getRecentActivities = implement('getRecentActivities', async ({ limit }, { app, workspace }) => {
  const rows = await app.database.db
    .select()
    .from(activity)
    .where(eq(activity.subscriptionId, workspace.subscription.id))
    .orderBy(desc(activity.time), desc(activity.id))
    .limit(limit);
  return { activities: rows.map(activityToApi) };
});
