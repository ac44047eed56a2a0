import type Stripe from 'stripe';
import type { EngagementWrite } from '@billbridge/contract';
import { majorUnits } from './money.ts';

/** An engagement before the round gives it its inbox rows. */
export type PlannedEngagement = Omit<EngagementWrite, 'eventRowIds'>;

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** "$49.00", "¥1,999", "€12.50": the amount in its own currency, as an English reader writes it. */
export const formatAmount = (minor: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    Number(majorUnits(minor, currency)),
  );

/** "3 Dec 2026": a day no reader can take for another (no 03/12 ambiguity), in UTC. */
export const formatDay = (epochSeconds: number, withYear = true): string =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(epochSeconds * 1000));

/** "card declined: insufficient funds": Stripe's message, else its decline or failure code. */
export const chargeReason = (charge: Stripe.Charge): string | undefined => {
  const code = charge.outcome?.reason ?? charge.failure_code;
  const words = code ? code.replaceAll('_', ' ') : undefined;
  if (charge.failure_message && words) return `${charge.failure_message} (${words})`;
  return charge.failure_message ?? words ?? charge.outcome?.seller_message ?? undefined;
};

const retryText = (nextAttempt: number | null | undefined) =>
  nextAttempt ? `Stripe retries on ${formatDay(nextAttempt)}.` : 'Stripe will not retry it.';

type Planned = Omit<PlannedEngagement, 'stripeEventId' | 'occurredAt'>;

const ofInvoice = (invoice: Stripe.Invoice): Planned => {
  const amount = formatAmount(invoice.amount_remaining ?? invoice.total, invoice.currency);
  const retry = invoice.next_payment_attempt
    ? `Stripe retries on ${formatDay(invoice.next_payment_attempt, false)}`
    : 'Stripe will not retry';
  const subscription = idOf(invoice.parent?.subscription_details?.subscription);
  return {
    trouble: 'payment_failed',
    headline: `Payment of ${amount} for invoice ${invoice.number ?? invoice.id} failed (attempt ${invoice.attempt_count}).`,
    followUp: retryText(invoice.next_payment_attempt),
    taskSubject: `Payment of ${amount} failed — ${retry}`,
    ...(idOf(invoice.customer) ? { customerId: idOf(invoice.customer) } : {}),
    ...(subscription ? { subscriptionId: subscription } : {}),
    invoiceId: invoice.id,
  };
};

const ofFailedCharge = (charge: Stripe.Charge): Planned | undefined => {
  // A charge of an invoice (API versions that still name it) is told by `invoice.payment_failed`.
  if ((charge as { invoice?: unknown }).invoice) return undefined;
  const amount = formatAmount(charge.amount, charge.currency);
  const reason = chargeReason(charge);
  return {
    trouble: 'payment_failed',
    headline: `Payment of ${amount} (charge ${charge.id}) failed.`,
    ...(reason ? { reason } : {}),
    taskSubject: `Payment of ${amount} failed`,
    ...(idOf(charge.customer) ? { customerId: idOf(charge.customer) } : {}),
    chargeId: charge.id,
  };
};

const ofRefund = (charge: Stripe.Charge): Planned => {
  const refunded = formatAmount(charge.amount_refunded, charge.currency);
  const of = formatAmount(charge.amount, charge.currency);
  const reason = charge.refunds?.data[0]?.reason;
  return {
    trouble: 'refunded',
    headline: `Refunded ${refunded} of a ${of} payment (charge ${charge.id}).`,
    ...(reason ? { reason: reason.replaceAll('_', ' ') } : {}),
    ...(idOf(charge.customer) ? { customerId: idOf(charge.customer) } : {}),
    chargeId: charge.id,
  };
};

const ofDispute = (dispute: Stripe.Dispute, trouble: 'dispute_opened' | 'dispute_closed'): Planned => {
  const amount = formatAmount(dispute.amount, dispute.currency);
  const reason = dispute.reason.replaceAll('_', ' ');
  const charge = typeof dispute.charge === 'string' ? undefined : dispute.charge;
  const due = dispute.evidence_details?.due_by;
  const opened = trouble === 'dispute_opened';
  return {
    trouble,
    headline: opened
      ? `The customer disputed a payment of ${amount} (charge ${idOf(dispute.charge)}).`
      : `The dispute of a ${amount} payment (charge ${idOf(dispute.charge)}) closed: ${dispute.status.replaceAll('_', ' ')}.`,
    reason,
    ...(opened && due ? { followUp: `Evidence is due by ${formatDay(due)}.` } : {}),
    ...(idOf(charge?.customer) ? { customerId: idOf(charge?.customer) } : {}),
    chargeId: idOf(dispute.charge) ?? '',
  };
};

/**
 * The note a payment event becomes (issue 33 §4), or undefined for events that are no trouble.
 * English on purpose: it is read in the CRM, whatever language the Billbridge user reads.
 */
export const paymentEngagementOf = (
  type: string,
  object: unknown,
  origin: { stripeEventId: string; occurredAt: number },
): PlannedEngagement | undefined => {
  const planned = plannedOf(type, object);
  return planned ? { ...planned, ...origin } : undefined;
};

const plannedOf = (type: string, object: unknown): Planned | undefined => {
  switch (type) {
    case 'invoice.payment_failed':
      return ofInvoice(object as Stripe.Invoice);
    case 'charge.failed':
      return ofFailedCharge(object as Stripe.Charge);
    case 'charge.refunded':
      return ofRefund(object as Stripe.Charge);
    case 'charge.dispute.created':
      return ofDispute(object as Stripe.Dispute, 'dispute_opened');
    case 'charge.dispute.closed':
      return ofDispute(object as Stripe.Dispute, 'dispute_closed');
    default:
      return undefined;
  }
};

/** The note's text: what happened, Stripe's reason, what comes next. */
export const noteTextOf = (engagement: Pick<EngagementWrite, 'headline' | 'reason' | 'followUp'>): string =>
  [engagement.headline, engagement.reason && `Reason: ${engagement.reason}.`, engagement.followUp]
    .filter(Boolean)
    .join(' ');
