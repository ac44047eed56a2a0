import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { billingEvent, invoice, subscription } from '../../db/schema.ts';
import type { Transaction } from '../../db/client.ts';
import { recordSystemAudit } from '../../functions/audit-trail.ts';
import { storeInvoice } from './invoices.ts';
import { sendPastDueMail } from './past-due-mail.ts';
import { platformStripe } from './platform.ts';
import { cardTarget } from './stripe-customer.ts';
import { followStripeSubscription, startPaidPendingPlan, workspaceStatusOf } from './stripe-subscription.ts';

export type BillingEventOutcome = 'applied' | 'duplicate' | 'ignored';

/** The object's state now (events may come out of order); null when Stripe no longer has it. */
const current = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  }
};

type Change = (context: AppContext, tx: Transaction) => Promise<void>;

/** The billing subscription a paid invoice paid for, as it is now: a first payment starts a pending plan. */
const paidSubscriptionOf = async (
  context: AppContext,
  paid: Stripe.Invoice | null,
): Promise<Stripe.Subscription | null> => {
  const id = paid?.status === 'paid' ? paid.parent?.subscription_details?.subscription : null;
  if (!id) return null;
  return current(() => platformStripe(context).subscriptions.retrieve(typeof id === 'string' ? id : id.id));
};

/**
 * What an `invoice.*` event changes: the invoice row of the workspace its customer belongs to — the
 * customer of the invoice as Stripe has it now, never the one the event's copy names — and a paid
 * one starts the plan still pending on the subscription it paid for.
 */
const invoiceChange = async (context: AppContext, sent: Stripe.Invoice): Promise<Change> => {
  const found = await current(() => platformStripe(context).invoices.retrieve(sent.id as string));
  const customerId = typeof found?.customer === 'string' ? found.customer : found?.customer?.id;
  const paidFor = await paidSubscriptionOf(context, found);
  return async (appContext, tx) => {
    if (paidFor) await startPaidPendingPlan(appContext, tx, paidFor);
    if (!found) {
      await tx.delete(invoice).where(eq(invoice.id, sent.id as string));
      return;
    }
    if (!customerId) return;
    const [workspace] = await tx
      .select({ id: subscription.id })
      .from(subscription)
      .where(eq(subscription.stripeCustomerId, customerId));
    if (workspace) await storeInvoice(tx, workspace.id, found);
  };
};

/**
 * What a `customer.subscription.*` event changes: the workspace's status and period follow its
 * Stripe subscription; becoming past due e-mails the owner.
 */
const subscriptionChange = async (context: AppContext, sent: Stripe.Subscription): Promise<Change> => {
  const found = (await current(() => platformStripe(context).subscriptions.retrieve(sent.id))) ?? sent;
  return async (appContext, tx) => {
    const before = await followStripeSubscription(appContext, tx, found);
    const after = workspaceStatusOf(found.status);
    if (before && before.status !== 'canceled' && before.status !== 'past_due' && after === 'past_due') {
      await sendPastDueMail(appContext, tx, before);
    }
  };
};

/**
 * A card attached to a workspace's customer (the card form confirms its setup intent with Stripe.js,
 * so only Stripe's event tells the server): the audit log's "card added", told by Stripe, hence
 * recorded as the system's.
 */
const cardAdded = async (context: AppContext, card: Stripe.PaymentMethod): Promise<Change> => {
  const customerId = typeof card.customer === 'string' ? card.customer : card.customer?.id;
  return async (_appContext, tx) => {
    if (!customerId) return;
    const [workspace] = await tx
      .select({ id: subscription.id })
      .from(subscription)
      .where(eq(subscription.stripeCustomerId, customerId));
    if (!workspace) return;
    await recordSystemAudit(tx, workspace.id, 'system', {
      kind: 'payment_method.added',
      target: cardTarget(card),
    });
  };
};

const changeOf = (context: AppContext, event: Stripe.Event): Promise<Change> | undefined => {
  // Stripe's Event object: `account` is "the connected account that originates the event", set on
  // Connect events only (docs.stripe.com/api/events/object). Those belong to the Connect endpoint.
  if (event.account) return undefined;
  if (event.type.startsWith('invoice.') && event.data.object.object === 'invoice') {
    return invoiceChange(context, event.data.object as Stripe.Invoice);
  }
  if (event.type.startsWith('customer.subscription.')) {
    return subscriptionChange(context, event.data.object as Stripe.Subscription);
  }
  if (event.type === 'payment_method.attached') return cardAdded(context, event.data.object);
  return undefined;
};

/**
 * Applies one of the platform's own events once: its id is recorded in the same transaction as
 * its effect, so a redelivery (or two at once) changes nothing more.
 */
export const applyBillingEvent = async (
  context: AppContext,
  event: Stripe.Event,
): Promise<BillingEventOutcome> => {
  const pending = changeOf(context, event);
  if (!pending) return 'ignored';
  const change = await pending;
  return context.database.db.transaction(async (tx) => {
    const first = await tx
      .insert(billingEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvent.id });
    if (first.length === 0) return 'duplicate';
    await change(context, tx);
    return 'applied';
  });
};
