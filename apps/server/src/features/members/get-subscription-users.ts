import { implement } from '../../functions/framework.ts';
import { listSubscriptionUsers, subscriptionUserToApi } from './subscription-users.ts';

export const getSubscriptionUsers = implement(
  'getSubscriptionUsers',
  async ({ page, pageSize }, { app, workspace }) => {
    const { rows, total } = await listSubscriptionUsers(app.database.db, workspace.subscription.id, {
      page,
      pageSize,
    });
    return { users: rows.map(subscriptionUserToApi), total };
  },
);
