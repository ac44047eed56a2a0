import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscription } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpVerifiedUser, type TestUser } from '../../testing/users.ts';
import { reportBillingConfiguration } from './platform.ts';

/** Issue 31 §5.5: a server without Stripe keys read as "try again later" or "check your connection". */
describe('a server whose billing is not configured', () => {
  let t: TestApp;
  let user: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logTo: lines });
    // As a server without Stripe keys and without the sandbox's stand-in.
    t.context.providers.stripe = undefined;
    // Verified: a paid plan asks for a verified address before it looks for billing.
    user = await signUpVerifiedUser(t.app, t.context.database.db, { name: 'Pat Payer' });
  });
  afterAll(() => t.close());

  const notConfigured = {
    status: 'FAILED_PRECONDITION',
    message:
      'Billing is not configured on this server: its operator has not set the Stripe keys, so paid plans and cards cannot be used.',
    details: { messageKey: 'billingUnavailable' },
  };

  it('says so, by key, to a user who picks a paid plan, and creates nothing', async () => {
    const config = await callFunction(t.app, 'getBillingConfig', {}, user);
    expect(config.status).toBe(400);
    expect(errorOf(config.body)).toEqual(notConfigured);
    const paid = await callFunction(
      t.app,
      'createSubscription',
      { planId: 'pro', billingInfo: { paymentMethodId: 'pm_card_visa', billingDetails: billingDetailsOf() } },
      user,
    );
    expect(errorOf(paid.body)).toEqual(notConfigured);
    expect(await t.context.database.db.select().from(subscription)).toEqual([]);
  });

  it('tells the operator at start', () => {
    reportBillingConfiguration(t.context);
    const warning = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).at(-1);
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toMatch(/^Billing is not configured: set STRIPE_SECRET_KEY/);
  });
});

const billingDetailsOf = () => ({
  name: 'Pat Payer',
  phone: '+1 555 0100',
  address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
});
