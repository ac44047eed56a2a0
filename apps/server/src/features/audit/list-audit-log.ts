import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { auditEvent } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { auditEventOf, auditWhere, newestFirst } from './audit-query.ts';

/** The workspace's audit log: filtered, newest first, one page, the count of every match and its people. */
export const listAuditLog = implement(
  'listAuditLog',
  async ({ page, pageSize, ...filters }, { app, workspace }) => {
    const { db } = app.database;
    const where = auditWhere({ ...filters, subscriptionId: workspace.subscription.id });
    const [total] = await db.select({ value: count() }).from(auditEvent).where(where);
    const rows = await db
      .select()
      .from(auditEvent)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const people = await db
      .selectDistinctOn([auditEvent.actorUserId], {
        user_id: auditEvent.actorUserId,
        email: auditEvent.actorEmail,
      })
      .from(auditEvent)
      .where(and(eq(auditEvent.subscriptionId, workspace.subscription.id), isNotNull(auditEvent.actorUserId)))
      .orderBy(asc(auditEvent.actorUserId), ...newestFirst);
    return {
      count: total?.value ?? 0,
      events: rows.map(auditEventOf),
      people: people.map((person) => ({ user_id: person.user_id ?? '', email: person.email ?? '' })),
    };
  },
);
