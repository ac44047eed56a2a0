import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@billbridge/contract';
import { oauthState, source } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  giveConsent,
  resultOf,
  sandboxOf,
  signInAgain,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf, signUpUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

describe('connectSource', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  /** Start and consent, without the connect call: what the callback page receives. */
  const consentFor = async (ids: { subscriptionId: string; sourceId: string }, choices = {}) => {
    const { url } = resultOf<{ url: string }>(await bed.call('startSourceConnection', ids));
    const consent = await giveConsent(url, choices);
    return { code: consent.code ?? '', state: consent.state ?? '' };
  };

  const storedRow = async (id: string) =>
    (await bed.t.context.database.db.select().from(source).where(eq(source.id, id)))[0];

  it('connects the Stripe account chosen on the consent page and reads its onboarding state', async () => {
    const ids = await bed.newSource();
    const answer = await connectThroughSandbox(bed.t.app, bed.admin, 'source', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.sourceId,
    });
    const { source: connected } = resultOf<{ source: Source }>(answer);
    expect(connected).toMatchObject({
      id: ids.sourceId,
      status: 'connected',
      enabled: false,
      auth: { details_submitted: true, charges_enabled: true, payouts_enabled: true, type: 'standard' },
    });
    expect(connected.auth.account_id).toMatch(/^acct_/);
    const account = sandboxOf(bed.t.context).stripeState.account(connected.auth.account_id);
    expect(account.connectedTo).toBe(sandboxOf(bed.t.context).stripe.accountId);
    expect(resultOf(await bed.call('getIntegrationCounts', { subscriptionId: ids.subscriptionId }))).toEqual({
      sources: 1,
      destinations: 0,
      mapping_rules: 0,
    });
  });

  it('keeps none of the tokens Stripe issued, and reaches the account with the platform key', async () => {
    const ids = await bed.newSource();
    const answer = await connectThroughSandbox(bed.t.app, bed.admin, 'source', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.sourceId,
    });
    const row = await storedRow(ids.sourceId);
    expect(row?.livemode).toBe(false);
    expect(row?.connectedAt).toBeInstanceOf(Date);
    // The account's keys the Connect exchange handed out: in no row and no answer.
    const issued = sandboxOf(bed.t.context).stripeState.account(row?.accountId ?? '').secretKeys;
    expect(issued.length).toBeGreaterThan(0);
    const stored = JSON.stringify(await bed.t.context.database.db.select().from(source));
    for (const secret of issued) {
      expect(stored).not.toContain(secret);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify((await bed.call('getSource', ids)).body)).not.toContain(secret);
    }
    const stripe = bed.t.context.providers.stripe;
    const url = new URL(stripe?.apiUrl ?? '');
    const platform = new Stripe(stripe?.secretKey ?? '', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    expect((await platform.accounts.retrieve(row?.accountId ?? '')).id).toBe(row?.accountId);
  });

  it('refuses a state used once already', async () => {
    const ids = await bed.newSource();
    const { code, state } = await consentFor(ids);
    const failed = await bed.call('connectSource', { ...ids, code: 'ac_not_a_real_code', state });
    expect(failed.status).toBe(400);
    expect(errorOf(failed.body).message).toContain('refused the connection');
    const reused = await bed.call('connectSource', { ...ids, code, state });
    expect(reused.status).toBe(400);
    expect(errorOf(reused.body).message).toBe(
      'This connection link is invalid or was already used. Start the connection again.',
    );
    expect((await storedRow(ids.sourceId))?.accountId).toBeNull();
  });

  it('refuses an expired state', async () => {
    const ids = await bed.newSource();
    const { code, state } = await consentFor(ids);
    const nonce = state.split(':')[2] ?? '';
    await bed.t.context.database.db
      .update(oauthState)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthState.nonce, nonce));
    const { status, body } = await bed.call('connectSource', { ...ids, code, state });
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This connection link has expired. Start the connection again.');
  });

  it('refuses a state started in another session, even of the same user, and keeps it for its own', async () => {
    const ids = await bed.newSource();
    const { code, state } = await consentFor(ids);
    const otherBrowser = await signInAgain(bed.t.app, bed.admin);
    const stolen = await bed.call('connectSource', { ...ids, code, state }, otherBrowser);
    expect(stolen.status).toBe(403);
    expect(errorOf(stolen.body).message).toBe(
      'This connection was started in another session. Start the connection again.',
    );
    expect((await bed.call('connectSource', { ...ids, code, state })).status).toBe(200);
  });

  it('refuses a state issued for another source', async () => {
    const first = await bed.newSource();
    const second = await bed.newSource(first.subscriptionId);
    const { code, state } = await consentFor(first);
    const { status, body } = await bed.call('connectSource', { ...second, code, state });
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This connection link belongs to another source or destination.');
    expect((await bed.call('connectSource', { ...first, code, state })).status).toBe(200);
  });

  it('refuses a state without its nonce', async () => {
    const ids = await bed.newSource();
    const { code } = await consentFor(ids);
    const { status } = await bed.call('connectSource', {
      ...ids,
      code,
      state: `${ids.subscriptionId}:${ids.sourceId}`,
    });
    expect(status).toBe(400);
  });

  it('refuses a Stripe account already connected to another source, in any workspace', async () => {
    const first = await bed.newSource();
    const { source: connected } = resultOf<{ source: Source }>(
      await connectThroughSandbox(bed.t.app, bed.admin, 'source', {
        subscriptionId: first.subscriptionId,
        targetId: first.sourceId,
      }),
    );
    const otherAdmin = await signUpUser(bed.t.app, { name: 'Other Admin' });
    const elsewhere = await seedWorkspace(bed.t.context.database.db, otherAdmin.id);
    const { sourceId } = resultOf<{ sourceId: string }>(
      await bed.call('createSource', { subscriptionId: elsewhere }, otherAdmin),
    );
    const answer = await connectThroughSandbox(
      bed.t.app,
      otherAdmin,
      'source',
      { subscriptionId: elsewhere, targetId: sourceId },
      { account: connected.auth.account_id },
    );
    expect(answer.status).toBe(409);
    expect(errorOf(answer.body).message).toContain('already connected');
    expect((await storedRow(sourceId))?.accountId).toBeNull();
    // The first source keeps its connection.
    const account = sandboxOf(bed.t.context).stripeState.account(connected.auth.account_id);
    expect(account.connectedTo).not.toBeNull();
  });

  it('refuses an access-only member', async () => {
    const ids = await bed.newSource();
    const { code, state } = await consentFor(ids);
    expect((await bed.call('connectSource', { ...ids, code, state }, bed.member)).status).toBe(403);
  });
});
