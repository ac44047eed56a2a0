import type { CrmObjectType } from '@billbridge/contract';
import type { StripeEventRow } from '../../../db/schema.ts';
import { eventTypeOf, verbRankOf } from '../../inbox/event-types.ts';

/**
 * Where an event stands in its object's life, for events that share a `created` second: Stripe
 * emits `invoice.created`, `.finalized` and `.paid` (or a billing subscription's `created` and
 * `updated`) within one second and does not promise their order. A state only moves forward:
 * an invoice's status (draft → open → uncollectible → paid or void), a billing subscription's
 * (incomplete → live → ended), then the event's verb (created → updated → deleted). Two events
 * of the same rank in one second keep their order of arrival (decision 024).
 */
const invoiceStatusRank: Record<string, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };
const subscriptionStatusRank: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 1,
  past_due: 1,
  unpaid: 1,
  paused: 1,
  incomplete_expired: 2,
  canceled: 2,
};

/** The status ranks of the objects whose statuses move forward, by the HubSpot object they become. */
const statusRanks: Partial<Record<CrmObjectType, Record<string, number>>> = {
  invoices: invoiceStatusRank,
  deals: subscriptionStatusRank,
};

const statusRank = (type: string, status: unknown): number => {
  const objectType = eventTypeOf(type).hubspot;
  const table = objectType && statusRanks[objectType];
  return table && typeof status === 'string' ? (table[status] ?? 0) : 0;
};

/** From this rank on, an applied invoice event had the invoice finalized (open or later). */
export const finalizedInvoiceRank = (invoiceStatusRank.open ?? 1) * 3;

/** The event's rank within its `created` second: higher is later in the object's life. */
export const lifecycleRankOf = ({
  type,
  payload: { data },
}: Pick<StripeEventRow, 'type' | 'payload'>): number =>
  statusRank(type, 'status' in data.object ? data.object.status : undefined) * 3 + verbRankOf(type);

/** An event's place in its object's history: its second, then its rank in that second. */
export type EventOrder = { created: number; rank: number };

export const orderOf = (event: StripeEventRow): EventOrder => ({
  created: event.created,
  rank: lifecycleRankOf(event),
});

/** Negative when `a` comes before `b`, 0 when they stand at the same place. */
export const compareOrder = (a: EventOrder, b: EventOrder): number =>
  a.created - b.created || a.rank - b.rank;
