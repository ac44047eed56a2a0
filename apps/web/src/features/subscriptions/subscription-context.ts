import { createContext, useContext } from 'react';
import type { GuardPermission, Subscription } from '@billbridge/contract';

/** The workspace the subscription layout loaded, and what the signed-in user holds on it. */
export type CurrentSubscription = { subscription: Subscription; held: GuardPermission[] };

export const SubscriptionContext = createContext<CurrentSubscription | null>(null);

/** Null outside `/subscription/:id`. */
export const useOptionalSubscription = (): CurrentSubscription | null => useContext(SubscriptionContext);

/** For pages under the subscription layout, which renders them only once the workspace is loaded. */
export const useCurrentSubscription = (): CurrentSubscription => {
  const current = useContext(SubscriptionContext);
  if (!current) throw new Error('useCurrentSubscription is used outside the subscription layout.');
  return current;
};
