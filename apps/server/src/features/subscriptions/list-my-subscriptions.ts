import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import { defaultPermission } from '@billbridge/contract';
import { membership, subscription } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { subscriptionToApi } from './subscription-to-api.ts';

/** The workspaces whose default-permission list includes the caller (spec §7 direct reads). */
export const listMySubscriptions = implement('listMySubscriptions', async (_input, { app, caller }) => {
  const { db } = app.database;
  const mine = db
    .select({ id: membership.subscriptionId })
    .from(membership)
    .where(
      and(eq(membership.userId, caller.userId), arrayContains(membership.permissions, [defaultPermission])),
    );
  const rows = await db
    .select()
    .from(subscription)
    .where(inArray(subscription.id, mine))
    .orderBy(subscription.createdAt);
  const members = rows.length
    ? await db
        .select()
        .from(membership)
        .where(
          inArray(
            membership.subscriptionId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    subscriptions: rows.map((row) =>
      subscriptionToApi(
        row,
        members.filter((member) => member.subscriptionId === row.id),
      ),
    ),
  };
});
