import type { FunctionName } from '@billbridge/contract';
import type { CallableFunction } from './framework.ts';
import { getSubscription } from '../features/subscriptions/get-subscription.ts';
import { listMySubscriptions } from '../features/subscriptions/list-my-subscriptions.ts';

/** Every contract has exactly one handler: a missing one is a type error. */
export const functionRegistry: Record<FunctionName, CallableFunction> = {
  getSubscription,
  listMySubscriptions,
};
