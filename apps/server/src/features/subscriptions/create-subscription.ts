import {
  AppError,
  findPlan,
  isSelectablePlan,
  planMessages,
  type MessageKeyDetails,
} from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { createWorkspace } from './create-workspace.ts';

const planNotFound: MessageKeyDetails = { messageKey: 'planNotFound' };

/** Spec §4 "Plan creation": the free plan at once; paid plans wait for billing (their own issue). */
export const createSubscription = implement('createSubscription', async ({ planId }, { app, caller }) => {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('not-found', planMessages.notFound, planNotFound);
  if (!isSelectablePlan(plan)) throw new AppError('invalid-argument', planMessages.notSelectable);
  if (!plan.free) throw new AppError('failed-precondition', planMessages.paidNotYetAvailable);
  return { subscriptionId: await createWorkspace(app.database.db, caller.userId, plan.id) };
});
