import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@billbridge/contract';
import { auditEvent, source } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { ruleOf } from '../../testing/fixtures.ts';
import { errorOf, signUpUser } from '../../testing/users.ts';

type Log = { count: number; events: AuditEvent[]; people: { user_id: string; email: string }[] };

describe('the audit log', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  const logOf = async (subscriptionId: string, filters: Record<string, unknown> = {}) =>
    resultOf<Log>(await bed.call('listAuditLog', { subscriptionId, pageSize: 100, ...filters }));

  it('records a remapped rule with who, from where, and the stage before → after', async () => {
    const ids = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.destinationId,
    });
    const rule = ruleOf('active', 'appointmentscheduled');
    const save = (stage: string) =>
      bed.call('saveDestination', {
        ...ids,
        name: 'CRM',
        enabled: true,
        settings: { pipeline_mapping_rules: [{ ...rule, hubspot_stage: stage }] },
      });
    resultOf(await save('appointmentscheduled'));
    resultOf(await save('closedwon'));

    const { events } = await logOf(ids.subscriptionId);
    expect(events.map((event) => event.kind)).toEqual([
      'destination.settings_changed',
      'destination.settings_changed',
      'destination.switched_on',
      'destination.connected',
      'destination.created',
    ]);
    const [remap] = events;
    expect(remap).toMatchObject({
      actor: { type: 'user', user_id: bed.admin.id, email: bed.admin.email },
      target: { type: 'destination', id: ids.destinationId, name: 'CRM' },
      changes: [
        {
          field: `settings.pipeline_mapping_rules.${rule.id}.hubspot_stage`,
          before: 'appointmentscheduled',
          after: 'closedwon',
        },
      ],
      ip: '127.0.0.1',
      user_agent: 'lightMyRequest',
    });
  });

  it('keeps no record of a change that failed, and no change whose record failed', async () => {
    const { subscriptionId } = await bed.newSource();
    const before = await logOf(subscriptionId);
    // Refused: the owner cannot be removed.
    const refused = await bed.call('removeUser', { subscriptionId, userId: bed.admin.id });
    expect(refused.status).toBe(400);
    expect((await logOf(subscriptionId)).count).toBe(before.count);

    // New records of this kind cannot be written: the source such a record tells of is not created either.
    const { db } = bed.t.context.database;
    await db.execute(
      sql`alter table audit_event add constraint refuse_sources check (kind <> 'source.created') not valid`,
    );
    try {
      const failed = await bed.call('createSource', { subscriptionId });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql`alter table audit_event drop constraint refuse_sources`);
    }
    const sources = await db.select().from(source).where(eq(source.subscriptionId, subscriptionId));
    expect(sources).toHaveLength(1);
    expect((await logOf(subscriptionId)).count).toBe(before.count);
  });

  it('filters by person, kind and time, and pages newest first', async () => {
    const subscriptionId = await bed.workspace();
    const other = await signUpUser(bed.t.app, { name: 'Ann Other' });
    resultOf(
      await bed.call('updateUserPermissions', {
        subscriptionId,
        userId: bed.member.id,
        permissions: ['access', 'admin'],
      }),
    );
    for (let index = 0; index < 3; index += 1) resultOf(await bed.call('createSource', { subscriptionId }));
    // The member, an admin now, creates one too.
    resultOf(await bed.call('createSource', { subscriptionId }, bed.member));

    const all = await logOf(subscriptionId);
    expect(all.count).toBe(5);
    expect(all.people.map((person) => person.email).sort()).toEqual(
      [bed.admin.email, bed.member.email].sort(),
    );
    expect(all.people.map((person) => person.email)).not.toContain(other.email);

    const byMember = await logOf(subscriptionId, { actorUserId: bed.member.id });
    expect(byMember.events.map((event) => event.kind)).toEqual(['source.created']);
    const permissions = await logOf(subscriptionId, { kind: 'member.permissions_changed' });
    expect(permissions.events).toHaveLength(1);
    expect(permissions.events[0]?.changes).toEqual([
      { field: 'permissions[1]', before: null, after: 'admin' },
    ]);

    const page1 = await logOf(subscriptionId, { pageSize: 10, page: 1, kind: 'source.created' });
    expect(page1.count).toBe(4);
    const times = all.events.map((event) => event.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page2 = await logOf(subscriptionId, { pageSize: 10, page: 2 });
    expect(page2).toMatchObject({ count: 5, events: [] });

    // Move the permission change a day back: a range ending before today finds it alone.
    await bed.t.context.database.db
      .update(auditEvent)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(auditEvent.kind, 'member.permissions_changed'));
    const yesterday = Math.floor(Date.now() / 1000) - 3600;
    const old = await logOf(subscriptionId, { to: yesterday });
    expect(old.events.map((event) => event.kind)).toEqual(['member.permissions_changed']);
    expect((await logOf(subscriptionId, { from: yesterday })).count).toBe(4);
    const reversed = await bed.call('listAuditLog', { subscriptionId, from: yesterday, to: yesterday - 1 });
    expect(reversed.status).toBe(400);
  });

  it('is read by owners and admins only, and only for their own workspace', async () => {
    const subscriptionId = await bed.workspace();
    resultOf(await bed.call('createSource', { subscriptionId }));
    const asMember = await bed.call('listAuditLog', { subscriptionId }, bed.member);
    expect(asMember.status).toBe(403);
    expect(errorOf(asMember.body).status).toBe('PERMISSION_DENIED');
    const stranger = await signUpUser(bed.t.app, { name: 'Sam Stranger' });
    expect((await bed.call('exportAuditLog', { subscriptionId }, stranger)).status).toBe(403);
    expect((await bed.call('exportAuditLog', { subscriptionId }, bed.member)).status).toBe(403);
  });

  it('exports the filtered log as CSV, changes as before → after', async () => {
    const subscriptionId = await bed.workspace();
    resultOf(
      await bed.call('updateUserPermissions', {
        subscriptionId,
        userId: bed.member.id,
        permissions: ['access', 'admin'],
      }),
    );
    resultOf(await bed.call('createSource', { subscriptionId }));
    const { filename, csv } = resultOf<{ filename: string; csv: string }>(
      await bed.call('exportAuditLog', { subscriptionId, kind: 'member.permissions_changed' }),
    );
    expect(filename).toMatch(new RegExp(`^audit-log-${subscriptionId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const [header, row, ...rest] = csv.trimEnd().split('\n');
    expect(header).toBe(
      'time,actor_type,actor_email,kind,target_type,target_id,target_name,changes,ip,user_agent',
    );
    expect(rest).toEqual([]);
    expect(row).toContain(
      `,user,${bed.admin.email},member.permissions_changed,member,${bed.member.id},${bed.member.email},permissions[1]:  → admin,127.0.0.1,lightMyRequest`,
    );
  });
});
