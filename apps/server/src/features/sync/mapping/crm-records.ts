/**
 * What the sync writes into HubSpot, independent of how: records upserted by a unique property and
 * default associations between them, each remembering which inbox events depend on it.
 */
export type CrmObjectType = 'contacts' | 'deals' | 'line_items' | 'invoices' | 'products';

/** The unique property deals and invoices are upserted by (created when a destination connects). */
export const stripeIdProperty = 'billbridge_stripe_id' as const;

/**
 * Line items and products take no custom properties (HubSpot grants no schema scope for them):
 * they carry the Stripe id in their SKU and are written by the HubSpot id `crm_link` remembers.
 */
export const skuProperty = 'hs_sku' as const;

/**
 * Where a portal did not grant the schema scope for `billbridge_stripe_id` (it is optional), deals
 * and invoices are keyed by a standard property that also holds the Stripe id: a deal's name
 * (`Subscription sub_…`) and an invoice's external id. Written by the id `crm_link` remembers, else
 * found by that property, else created.
 */
export const fallbackKeyProperty: Partial<Record<CrmObjectType, string>> = {
  deals: 'dealname',
  invoices: 'hs_external_invoice_id',
};

/** The object types whose unique `billbridge_stripe_id` the granted scopes let us create. */
export const uniquelyKeyedTypes = (scopes: readonly string[]): Set<CrmObjectType> =>
  new Set((['deals', 'invoices'] as const).filter((type) => scopes.includes(`crm.schemas.${type}.write`)));

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
  eventRowIds: number[];
  /** The record a line item belongs to: a deal, or an invoice (created with its association). */
  parent?: CrmRef;
  /** Invoices: the lifecycle status to reach once its contact and line items are associated. */
  status?: InvoiceStatus;
  /**
   * An invoice HubSpot already has finalized: its properties, line items and associations can no
   * longer change there, so only its status moves (no upsert, no line item or association call).
   */
  statusOnly?: boolean;
};

/**
 * HubSpot's invoice lifecycle: an invoice is created as a draft, opens once it has a contact and
 * line items, then is paid or voided; a draft may be voided too. Amounts are HubSpot's to compute.
 */
export const invoiceStatuses = ['draft', 'open', 'paid', 'voided'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The property holding a record's currency, which must be one the portal has turned on. */
export const currencyProperty: Partial<Record<CrmObjectType, string>> = {
  deals: 'deal_currency_code',
  line_items: 'hs_line_item_currency_code',
  invoices: 'hs_currency',
};

export type CrmRef = { objectType: CrmObjectType; stripeObjectId: string };

export type AssociationWrite = { from: CrmRef; to: CrmRef; eventRowIds: number[] };

/** Records are written in this order so associations find both ends. */
export const writeOrder: CrmObjectType[] = ['contacts', 'products', 'deals', 'invoices', 'line_items'];

export const refKey = (ref: CrmRef): string => `${ref.objectType}:${ref.stripeObjectId}`;

/** A line item HubSpot has for a deal whose billing subscription no longer has that item. */
export type Removal = { crmObjectId: string; stripeObjectId: string; parent: CrmRef };

/** What is written to one portal: records, the associations between them, line items to archive. */
export type WritePlan = {
  records: RecordWrite[];
  associations: AssociationWrite[];
  removals?: Removal[];
};
