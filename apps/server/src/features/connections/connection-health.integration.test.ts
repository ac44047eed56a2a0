import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError, Backfill, Destination, Source } from '@billbridge/contract';
import { startWorker } from '../../main/start-worker.ts';
import { destination, devMail, source } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  sandboxOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { openStoredToken } from '../../testing/sealed.ts';
import { listenForWebhooks } from '../../testing/sync.ts';
import { signUpUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { hubspotAccessToken } from '../../providers/hubspot/hubspot-token.ts';
import { hubspotAccessOf } from '../destinations/hubspot-access.ts';

describe('connection health', () => {
  let bed: ConnectionsBed;
  let stopWorker: () => void;
  beforeAll(async () => {
    bed = await connectionsBed();
    await listenForWebhooks(bed.t);
    stopWorker = await startWorker(bed.t.context);
  });
  afterAll(async () => {
    stopWorker();
    await bed.t.close();
  });

  /** Mails sent (the worker delivers them to the dev mailbox) naming the connection's page. */
  const mailsAbout = (id: string) =>
    bed.t.context.database.db
      .select()
      .from(devMail)
      .where(like(devMail.text, `%/${id}%`));

  const getSource = async (subscriptionId: string, sourceId: string) =>
    resultOf<Source>(await bed.call('getSource', { subscriptionId, sourceId }));

  const getDestination = async (subscriptionId: string, destinationId: string) =>
    resultOf<Destination>(await bed.call('getDestination', { subscriptionId, destinationId }));

  /** What the audit log says happened to the connection, oldest first: kind and who. */
  const auditOf = async (subscriptionId: string) =>
    resultOf<{ events: { kind: string; actor: { type: string } }[] }>(
      await bed.call('listAuditLog', { subscriptionId, pageSize: 100 }),
    )
      .events.map((event) => `${event.kind} by ${event.actor.type}`)
      .reverse();

  it('keeps a source Stripe deauthorized, switched on with its settings, asks for a reconnection once, and imports again after it', async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    await connectThroughSandbox(bed.t.app, bed.admin, 'source', { subscriptionId, targetId: sourceId });
    const settings = {
      sync: { customers: true, payments: true, invoices: false, subscriptions: true, products: true },
    };
    resultOf(
      await bed.call('saveSource', { subscriptionId, sourceId, name: 'Main', enabled: true, settings }),
    );
    resultOf(await bed.call('startBackfill', { subscriptionId, sourceId }));
    const [row] = await bed.t.context.database.db.select().from(source).where(eq(source.id, sourceId));
    const sandbox = sandboxOf(bed.t.context);
    const latestImport = async () =>
      resultOf<{ backfill: Backfill }>(await bed.call('getBackfillProgress', { subscriptionId, sourceId }))
        .backfill;
    const before = await waitFor(async () => {
      const backfill = await latestImport();
      return backfill.status === 'done' && backfill;
    });

    sandbox.stripeState.revokePlatformAccess(row?.accountId ?? '');
    await sandbox.webhooksIdle();
    const lost = await getSource(subscriptionId, sourceId);
    expect(lost).toMatchObject({ needs_reconnect: true, status: 'not_connected', enabled: true, settings });
    const mails = await waitFor(async () => {
      const sent = await mailsAbout(sourceId);
      return sent.length > 0 && sent;
    });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [bed.admin.email, 'Reconnect Stripe for Seeded workspace'],
    ]);
    expect(mails[0]?.text).toContain('"Main"');

    await connectThroughSandbox(bed.t.app, bed.admin, 'source', { subscriptionId, targetId: sourceId });
    expect(await getSource(subscriptionId, sourceId)).toMatchObject({
      needs_reconnect: false,
      status: 'connected',
    });
    expect((await latestImport()).id).not.toBe(before.id);
    expect(await mailsAbout(sourceId)).toHaveLength(1);
    expect(await auditOf(subscriptionId)).toEqual([
      'source.created by user',
      'source.connected by user',
      'source.switched_on by user',
      'source.settings_changed by user',
      'import.started by user',
      'source.connection_lost by system',
      'source.reconnected by user',
    ]);
  });

  it('keeps a destination whose refresh token HubSpot refuses switched on with its rules, asks the owner and each admin for a reconnection once, and syncs again after it', async () => {
    const secondAdmin = await signUpUser(bed.t.app, { name: 'Ann Admin' });
    const workspaceId = await seedWorkspace(bed.t.context.database.db, bed.admin.id, [
      { userId: bed.member.id, permissions: ['access'] },
      { userId: secondAdmin.id, permissions: ['access', 'admin'] },
    ]);
    const { subscriptionId, destinationId } = await bed.newDestination(workspaceId);
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId,
      targetId: destinationId,
    });
    const rules = [
      {
        id: 'r1',
        stripe_subscription_status: 'active',
        price_ids: { mode: 'none', ids: [] },
        hubspot_pipeline: 'default',
        hubspot_stage: 'closedwon',
      },
    ];
    resultOf(
      await bed.call('saveDestination', {
        subscriptionId,
        destinationId,
        name: 'CRM',
        enabled: true,
        settings: { pipeline_mapping_rules: rules },
      }),
    );
    const { db } = bed.t.context.database;
    const [row] = await db.select().from(destination).where(eq(destination.id, destinationId));
    const hubspot = sandboxOf(bed.t.context).hubspotState;
    hubspot.uninstallApp(row?.hubId ?? 0);
    hubspot.expireToken(openStoredToken(bed.t.context, 'destination', row, 'accessTokenSealed'));
    await db
      .update(destination)
      .set({ tokenExpiresAt: new Date(0) })
      .where(eq(destination.id, destinationId));

    const refused = (await hubspotAccessToken(hubspotAccessOf(bed.t.context), destinationId).catch(
      (error: unknown) => error,
    )) as AppError;
    expect(refused.message).toBe('This destination is not connected.');
    expect(await getDestination(subscriptionId, destinationId)).toMatchObject({
      needs_reconnect: true,
      connected: false,
      enabled: true,
      settings: { pipeline_mapping_rules: rules },
    });
    await waitFor(async () => (await mailsAbout(destinationId)).length === 2);
    const mails = (await mailsAbout(destinationId)).map((mail) => [mail.to, mail.subject]);
    expect(mails.sort()).toEqual(
      [bed.admin.email, secondAdmin.email].sort().map((to) => [to, 'Reconnect HubSpot for Seeded workspace']),
    );

    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId,
      targetId: destinationId,
    });
    expect(await getDestination(subscriptionId, destinationId)).toMatchObject({
      needs_reconnect: false,
      connected: true,
      enabled: true,
    });
    expect(await hubspotAccessToken(hubspotAccessOf(bed.t.context), destinationId)).toMatch(/^CJ/);
    expect((await auditOf(subscriptionId)).slice(-2)).toEqual([
      'destination.connection_lost by system',
      'destination.reconnected by user',
    ]);
  });
});
