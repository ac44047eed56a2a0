import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import type { AuditTarget } from '../../functions/audit-trail.ts';

/** A member as the audit log names them: their id and their address at the time. */
export const memberTarget = async (db: Db, userId: string): Promise<AuditTarget> => {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return { type: 'member', id: userId, name: row?.email ?? null };
};
