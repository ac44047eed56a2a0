import { randomUUID } from 'node:crypto';
import { defaultSubscriptionName, type PlanId } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { membership, subscription, type SubscriptionRow } from '../../db/schema.ts';
import { oneMonthAfter } from './billing-period.ts';

/** The permissions of a workspace's owner: the default one and admin; `owner` itself is derived. */
export const ownerPermissions = ['access', 'admin'];

/** What a paid plan's Stripe subscription decides of a new workspace (its id, status and period end). */
type BilledWorkspace = Partial<
  Pick<SubscriptionRow, 'id' | 'status' | 'currentPeriodEnd' | 'stripeCustomerId' | 'stripeSubscriptionId'>
>;

/** A new active workspace whose creator is its owner, its first period starting now. */
export const createWorkspace = async (
  db: Db,
  ownerId: string,
  planId: PlanId,
  now = new Date(),
  billed: BilledWorkspace = {},
): Promise<string> => {
  const id = billed.id ?? randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(subscription).values({
      id,
      ownerId,
      planId,
      status: 'active',
      settings: { name: defaultSubscriptionName },
      currentPeriodStart: now,
      currentPeriodEnd: oneMonthAfter(now),
      ...billed,
    });
    await tx
      .insert(membership)
      .values({ subscriptionId: id, userId: ownerId, permissions: ownerPermissions });
  });
  return id;
};
