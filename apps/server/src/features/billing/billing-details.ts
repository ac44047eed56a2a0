import type Stripe from 'stripe';
import type { StoredBillingDetails } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { platformStripe } from './platform.ts';
import { customerDetailsOf, ensureCustomer, withStripeRefusals } from './stripe-customer.ts';

const detailsOf = (customer: Stripe.Customer): StoredBillingDetails | null => {
  const address = customer.address;
  if (!customer.name && !address) return null;
  return {
    name: customer.name ?? '',
    phone: customer.phone ?? '',
    address: {
      line1: address?.line1 ?? '',
      line2: address?.line2 || null,
      city: address?.city ?? '',
      state: address?.state ?? '',
      postal_code: address?.postal_code ?? '',
      country: address?.country ?? '',
    },
  };
};

/** Spec §3 "Billing details" as stored on the workspace's Stripe customer; null while none were given. */
export const getBillingDetails = implement('getBillingDetails', async (_input, { app, workspace }) => {
  const customerId = workspace.subscription.stripeCustomerId;
  if (!customerId) return null;
  const customer = await platformStripe(app).customers.retrieve(customerId);
  return customer.deleted ? null : detailsOf(customer);
});

/** Stores name, phone and address on the customer: the next invoices carry them. */
export const updateBillingDetails = implement(
  'updateBillingDetails',
  async ({ subscriptionId: _id, ...details }, call) => {
    const { app, workspace } = call;
    const customerId = await ensureCustomer(app, workspace.subscription);
    const stripe = platformStripe(app);
    const before = await stripe.customers.retrieve(customerId);
    await withStripeRefusals(() => stripe.customers.update(customerId, customerDetailsOf(details)));
    // The details live in Stripe; their record is the one write here.
    await recordAudit(app.database.db, call, {
      kind: 'billing_details.changed',
      target: { type: 'workspace', id: workspace.subscription.id },
      before: before.deleted ? {} : detailsOf(before),
      after: details,
    });
    return null;
  },
);
