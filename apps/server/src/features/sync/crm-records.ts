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
  eventRowIds: number[];
  /** The record a line item belongs to (created with its association). */
  parent?: CrmRef;
};

export type CrmRef = { objectType: CrmObjectType; stripeObjectId: string };

export type AssociationWrite = { from: CrmRef; to: CrmRef; eventRowIds: number[] };

/** Records are written in this order so associations find both ends. */
export const writeOrder: CrmObjectType[] = ['contacts', 'products', 'deals', 'line_items', 'invoices'];

export const refKey = (ref: CrmRef): string => `${ref.objectType}:${ref.stripeObjectId}`;
