import { sql } from 'drizzle-orm';
import type { SubscriptionUser } from '@billbridge/contract';
import { queryRows, type Db } from '../../db/client.ts';

export type SubscriptionUserRow = {
  id: string;
  display_name: string;
  email: string;
  status: 'active' | 'pending';
  permissions: string[];
  pending_permissions: string[];
  invite_id: string | null;
};

/**
 * Members and pending invitees of one workspace as one ordered list: the owner, then members by
 * join time, then invitees by invite time. One query pages through both.
 */
const everyoneIn = (subscriptionId: string) => sql`
  select m.user_id as id,
         coalesce(nullif(trim(p.display_name), ''), u.name, '') as display_name,
         u.email as email,
         'active' as status,
         m.permissions as permissions,
         '{}'::text[] as pending_permissions,
         null::text as invite_id,
         case when m.user_id = s.owner_id then 0 else 1 end as rank,
         m.created_at as since
  from membership m
  join subscription s on s.id = m.subscription_id
  join "user" u on u.id = m.user_id
  left join user_profile p on p.user_id = m.user_id
  where m.subscription_id = ${subscriptionId}
  union all
  select i.id, '', i.email, 'pending', '{}'::text[], i.permissions, i.id, 2, i.created_at
  from invite i
  where i.subscription_id = ${subscriptionId} and i.status = 'pending'`;

export const listSubscriptionUsers = async (
  db: Db,
  subscriptionId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: SubscriptionUserRow[]; total: number }> => {
  const rows = await queryRows<SubscriptionUserRow>(
    db,
    sql`select id, display_name, email, status, permissions, pending_permissions, invite_id
        from (${everyoneIn(subscriptionId)}) as everyone
        order by rank, since, id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${everyoneIn(subscriptionId)}) as everyone`,
  );
  return { rows, total: count?.total ?? 0 };
};

export const subscriptionUserToApi = (row: SubscriptionUserRow): SubscriptionUser => ({
  id: row.id,
  display_name: row.display_name,
  email: row.email,
  status: row.status,
  permissions: row.permissions,
  pending_permissions: row.pending_permissions,
  invite_id: row.invite_id,
});
