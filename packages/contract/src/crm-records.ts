import type { SourceValue } from './field-mappings.ts';

/**
 * What the sync writes into HubSpot, independent of how: records upserted by a unique property and
 * default associations between them, each remembering which inbox events depend on it. The inbox's
 * mappers speak it and the portal adapter (`providers/hubspot/`) writes it, so it lives below both.
 */
export type CrmObjectType = 'contacts' | 'deals' | 'line_items' | 'invoices' | 'products';

/** The unique property deals and invoices are upserted by (created when a destination connects). */
export const stripeIdProperty = 'billbridge_stripe_id' as const;

/**
 * Line items and products take no custom properties (HubSpot grants no schema scope for them):
 * they carry the Stripe id in their SKU and are written by the HubSpot id `crm_link` remembers.
 */
export const skuProperty = 'hs_sku' as const;

export type RecordWrite = {
  objectType: CrmObjectType;
  idProperty: 'email' | typeof stripeIdProperty | typeof skuProperty;
  /** The value of `idProperty` (a lower-cased e-mail or a Stripe id). */
  id: string;
  stripeObjectId: string;
  properties: Record<string, string>;
  /** `created` of the event the properties come from: a link never goes back to an older state. */
  eventCreated: number;
  /** That event's rank within its second (`lifecycleRankOf`). */
  eventRank?: number;
  /** That event's id (Stripe's, or a synthetic one): the state a reconciliation compares with. */
  eventId?: string;
  /**
   * A contact planned from `customer.created` alone: a customer Stripe has just made cannot have a
   * contact holding its id yet, so no read looks for one.
   */
  newCustomer?: boolean;
  /**
   * Contacts: the organisation Stripe names for the customer (its `business_name`, else its `name`
   * when that is not a person's), the name a company made from its e-mail domain gets.
   */
  organisation?: string;
  eventRowIds: number[];
  /** The record a line item belongs to: a deal, or an invoice (created with its association). */
  parent?: CrmRef;
  /** Invoices: the lifecycle status to reach once its contact and line items are associated. */
  status?: CrmInvoiceStatus;
  /**
   * An invoice HubSpot already has finalized: its properties, line items and associations can no
   * longer change there, so only its status moves (no upsert, no line item or association call).
   */
  statusOnly?: boolean;
  /**
   * Values of the destination's field mappings, read from Stripe but not yet converted: the writer
   * converts them for the portal's live properties (portal-properties.ts) into `properties`.
   */
  mapped?: MappedValue[];
};

/** One field mapping's value for a record: the property it goes to and where it came from. */
export type MappedValue = SourceValue & { property: string; source: string };

/**
 * HubSpot's invoice lifecycle: an invoice is created as a draft, opens once it has a contact and
 * line items, then is paid or voided; a draft may be voided too. Amounts are HubSpot's to compute.
 */
export const crmInvoiceStatuses = ['draft', 'open', 'paid', 'voided'] as const;
export type CrmInvoiceStatus = (typeof crmInvoiceStatuses)[number];

export type CrmRef = { objectType: CrmObjectType; stripeObjectId: string };

export type AssociationWrite = { from: CrmRef; to: CrmRef; eventRowIds: number[] };

/** What happened to a payment that becomes a HubSpot note (issue 33 §4, decision 068). */
export const paymentTroubles = ['payment_failed', 'refunded', 'dispute_opened', 'dispute_closed'] as const;
export type PaymentTrouble = (typeof paymentTroubles)[number];

/**
 * A note (and, for a failed payment where the destination asks for it, a task) about one Stripe
 * event, attached to the records of the Stripe objects it names: written once per event.
 */
export type EngagementWrite = {
  trouble: PaymentTrouble;
  /** The Stripe event's id: what makes the note once-only. */
  stripeEventId: string;
  /** Epoch seconds the event happened (the note's timestamp in HubSpot). */
  occurredAt: number;
  /** What happened, in English (CRM-side text): the note's first sentence. */
  headline: string;
  /** The reason Stripe gives ("Your card has insufficient funds. (insufficient funds)"). */
  reason?: string;
  /** What comes next: when Stripe retries, when evidence is due. */
  followUp?: string;
  /** The task's subject for a failed payment; none: no task is due. */
  taskSubject?: string;
  customerId?: string;
  subscriptionId?: string;
  invoiceId?: string;
  /** A dispute names only its charge: the customer is read from the charge's own events. */
  chargeId?: string;
  eventRowIds: number[];
};
