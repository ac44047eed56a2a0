import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, startWebhookReceiver, type Sandbox, type WebhookReceiver } from '../index.ts';

let sandbox: Sandbox;
let receiver: WebhookReceiver;
let platform: Stripe;

const form = (values: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
  redirect: 'manual',
});

/** Goes through the consent page as a user would and returns where it redirects to. */
const consent = async (values: Record<string, string>): Promise<URL> => {
  const response = await fetch(`${sandbox.stripe.url}/oauth/authorize`, form(values));
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
};

const redirectUri = 'http://localhost:3000/stripe/callback';

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({
    stripeWebhooks: [{ url: receiver.url, secret: 'whsec_connect', connect: true }],
    stripeCredentials: { redirectUris: [redirectUri] },
  });
  platform = new Stripe(sandbox.stripe.secretKey, {
    host: sandbox.stripe.host,
    port: sandbox.stripe.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

describe('Stripe Connect OAuth (Standard) stand-in', () => {
  it('shows a consent page for the platform’s client id', async () => {
    const response = await fetch(
      `${sandbox.stripe.url}/oauth/authorize?response_type=code&client_id=${sandbox.stripe.clientId}&scope=read_write&redirect_uri=${encodeURIComponent(redirectUri)}&state=sub1:src1`,
    );
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Allow access');
    expect(page).toContain('sub1:src1');
  });

  it('redirects with code and state on Allow, and the code becomes an access token for the account', async () => {
    const location = await consent({
      client_id: sandbox.stripe.clientId,
      redirect_uri: redirectUri,
      state: 'sub1:src1',
      scope: 'read_write',
      account: 'new',
      name: 'New Co',
      email: 'new@co.test',
      onboarded: 'true',
      decision: 'allow',
    });
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('sub1:src1');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^ac_/);
    const token = await platform.oauth.token({ grant_type: 'authorization_code', code });
    expect(token).toMatchObject({ livemode: false, scope: 'read_write', token_type: 'bearer' });
    expect(token.stripe_user_id).toMatch(/^acct_/);
    expect(token.stripe_publishable_key).toMatch(/^pk_test_/);
    const asAccount = new Stripe(token.access_token ?? '', {
      host: sandbox.stripe.host,
      port: sandbox.stripe.port,
      protocol: 'http',
    });
    const account = await asAccount.accounts.retrieveCurrent();
    expect(account).toMatchObject({
      id: token.stripe_user_id,
      details_submitted: true,
      business_profile: { name: 'New Co' },
    });
    await expect(platform.oauth.token({ grant_type: 'authorization_code', code })).rejects.toMatchObject({
      type: 'StripeInvalidGrantError',
    });
    const refreshed = await platform.oauth.token({
      grant_type: 'refresh_token',
      refresh_token: token.refresh_token ?? '',
    });
    expect(refreshed.stripe_user_id).toBe(token.stripe_user_id);
  });

  it('redirects with error=access_denied on Deny', async () => {
    const location = await consent({
      client_id: sandbox.stripe.clientId,
      redirect_uri: redirectUri,
      state: 's',
      decision: 'deny',
    });
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('deauthorizes: the account.application.deauthorized event goes out and the access token stops working', async () => {
    const existing = sandbox.stripeState.createAccount({ name: 'Leaving Co' });
    const location = await consent({
      client_id: sandbox.stripe.clientId,
      redirect_uri: redirectUri,
      state: 's',
      account: existing.id,
      decision: 'allow',
    });
    const token = await platform.oauth.token({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code') ?? '',
    });
    expect(token.stripe_user_id).toBe(existing.id);
    const result = await platform.oauth.deauthorize({
      client_id: sandbox.stripe.clientId,
      stripe_user_id: existing.id,
    });
    expect(result.stripe_user_id).toBe(existing.id);
    await sandbox.webhooksIdle();
    const event = receiver.received
      .map((entry) => JSON.parse(entry.body) as Stripe.Event)
      .find((candidate) => candidate.type === 'account.application.deauthorized');
    expect(event).toMatchObject({
      account: existing.id,
      data: { object: { object: 'application', id: sandbox.stripe.clientId } },
    });
    const revoked = new Stripe(token.access_token ?? '', {
      host: sandbox.stripe.host,
      port: sandbox.stripe.port,
      protocol: 'http',
    });
    await expect(revoked.customers.list()).rejects.toMatchObject({ statusCode: 401 });
    await expect(platform.customers.list({}, { stripeAccount: existing.id })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
