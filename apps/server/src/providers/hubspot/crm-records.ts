import type { AssociationWrite, CrmObjectType, CrmRef, RecordWrite } from '@billbridge/contract';

/*
 * How the portal adapter writes the record vocabulary (the contract's `crm-records.ts`, which the
 * inbox's mappers speak): the keys a portal's scopes allow, currencies, the order of writes.
 */

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

/**
 * The unique contact property holding the Stripe customer id: a customer's contact is found by it
 * when the product has no HubSpot id for it (write/write-contacts.ts). Created where the portal
 * grants the contact schema scope.
 */
export const customerIdProperty = 'billbridge_stripe_customer_id' as const;

/**
 * The object types whose unique property the granted scopes let us create: `billbridge_stripe_id`
 * of deals and invoices, `billbridge_stripe_customer_id` of contacts.
 */
export const uniquelyKeyedTypes = (scopes: readonly string[]): Set<CrmObjectType> =>
  new Set(
    (['contacts', 'deals', 'invoices'] as const).filter((type) =>
      scopes.includes(`crm.schemas.${type}.write`),
    ),
  );

/** The property holding a record's currency, which must be one the portal has turned on. */
export const currencyProperty: Partial<Record<CrmObjectType, string>> = {
  deals: 'deal_currency_code',
  line_items: 'hs_line_item_currency_code',
  invoices: 'hs_currency',
};

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
