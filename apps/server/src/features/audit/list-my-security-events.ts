import { count, eq } from 'drizzle-orm';
import { auditEvent } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { newestFirst, securityEventOf } from './audit-query.ts';

/** The caller's own security events, newest first, one page and the count. */
export const listMySecurityEvents = implement(
  'listMySecurityEvents',
  async ({ page, pageSize }, { app, caller }) => {
    const { db } = app.database;
    const mine = eq(auditEvent.userId, caller.userId);
    const [total] = await db.select({ value: count() }).from(auditEvent).where(mine);
    const rows = await db
      .select()
      .from(auditEvent)
      .where(mine)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { count: total?.value ?? 0, events: rows.map(securityEventOf) };
  },
);
