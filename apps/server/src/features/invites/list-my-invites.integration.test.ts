import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscription, userProfile } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, signUpUser, verifyEmail, type TestUser } from '../../testing/users.ts';
import { seedInvite, seedWorkspace } from '../../testing/workspaces.ts';

type Listed = { invites: Record<string, unknown>[] };

describe('listMyInvites', () => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpUser(t.app, { name: 'Hana Host' });
    guest = await signUpUser(t.app, { name: 'Gus Guest', email: 'gus@example.com' });
    for (const user of [host, guest]) await verifyEmail(t.context.database.db, user);
  });
  afterAll(() => t.close());

  const mine = async (caller = guest) =>
    (await callFunction(t.app, 'listMyInvites', {}, caller)).body.result as Listed;

  it('lists a pending invite for the caller’s e-mail with workspace name, inviter name and permissions', async () => {
    const subscriptionId = await seedWorkspace(t.context.database.db, host.id);
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId,
      email: 'GUS@example.com',
      inviterId: host.id,
      permissions: ['access', 'admin'],
    });
    expect((await mine()).invites).toContainEqual({
      id: inviteId,
      email: 'gus@example.com',
      status: 'pending',
      subscription_id: subscriptionId,
      subscription_name: 'Seeded workspace',
      host_name: 'Hana Host',
      permissions: ['access', 'admin'],
    });
  });

  it('names the inviter by their profile’s display name', async () => {
    await t.context.database.db
      .update(userProfile)
      .set({ displayName: 'Hana H.' })
      .where(eq(userProfile.userId, host.id));
    const subscriptionId = await seedWorkspace(t.context.database.db, host.id);
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId,
      email: guest.email,
      inviterId: host.id,
    });
    const listed = (await mine()).invites.find((item) => item.id === inviteId);
    expect(listed?.host_name).toBe('Hana H.');
    await t.context.database.db
      .update(userProfile)
      .set({ displayName: 'Hana Host' })
      .where(eq(userProfile.userId, host.id));
  });

  it('gives an empty name for a workspace that has none, for the browser to show "untitled"', async () => {
    const subscriptionId = await seedWorkspace(t.context.database.db, host.id);
    await t.context.database.db
      .update(subscription)
      .set({ settings: {} })
      .where(eq(subscription.id, subscriptionId));
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId,
      email: guest.email,
      inviterId: host.id,
    });
    expect((await mine()).invites.find((item) => item.id === inviteId)?.subscription_name).toBe('');
  });

  it('leaves out answered invites, invites to canceled workspaces and other people’s invites', async () => {
    const live = await seedWorkspace(t.context.database.db, host.id);
    const canceled = await seedWorkspace(t.context.database.db, host.id, [], { status: 'canceled' });
    const hidden = [
      await seedInvite(t.context.database.db, {
        subscriptionId: live,
        email: guest.email,
        inviterId: host.id,
        status: 'accepted',
      }),
      await seedInvite(t.context.database.db, {
        subscriptionId: live,
        email: guest.email,
        inviterId: host.id,
        status: 'rejected',
      }),
      await seedInvite(t.context.database.db, {
        subscriptionId: live,
        email: guest.email,
        inviterId: host.id,
        status: 'revoked',
      }),
      await seedInvite(t.context.database.db, {
        subscriptionId: canceled,
        email: guest.email,
        inviterId: host.id,
      }),
      await seedInvite(t.context.database.db, {
        subscriptionId: live,
        email: 'other@example.com',
        inviterId: host.id,
      }),
    ];
    const ids = (await mine()).invites.map((item) => item.id);
    for (const id of hidden) expect(ids).not.toContain(id);
  });

  it('answers an empty list to a user nobody invited', async () => {
    expect(await mine(host)).toEqual({ invites: [] });
  });

  it('refuses an anonymous caller', async () => {
    expect((await callFunction(t.app, 'listMyInvites', {})).status).toBe(401);
  });
});
