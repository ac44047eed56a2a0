import { implement } from '../../functions/framework.ts';
import { subscriptionToApi } from './subscription-to-api.ts';

export const getSubscription = implement('getSubscription', async (_input, { workspace }) =>
  subscriptionToApi(workspace.subscription, workspace.members),
);
