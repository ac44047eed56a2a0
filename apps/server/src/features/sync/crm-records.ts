/**
 * What the sync writes into HubSpot, independent of how: records upserted by a unique property and
 * default associations between them, each remembering which inbox events depend on it.
 */
export type CrmObjectType = 'contacts' | 'deals' | 'line_items' | 'invoices' | 'products';

/** The unique property every record but a contact is upserted by (created when a destination connects). */
export const stripeIdProperty = 'billbridge_stripe_id' as const;

export type RecordWrite = {
  objectType: CrmObjectType;
  idProperty: 'email' | typeof stripeIdProperty;
  /** The value of `idProperty` (a lower-cased e-mail or a Stripe id). */
  id: string;
  stripeObjectId: string;
  properties: Record<string, string>;
  /** `created` of the event the properties come from: a link never goes back to an older state. */
  eventCreated: number;
  eventRowIds: number[];
};

export type CrmRef = { objectType: CrmObjectType; stripeObjectId: string };

export type AssociationWrite = { from: CrmRef; to: CrmRef; eventRowIds: number[] };

/** Records are written in this order so associations find both ends. */
export const writeOrder: CrmObjectType[] = ['contacts', 'products', 'deals', 'line_items', 'invoices'];

export const refKey = (ref: CrmRef): string => `${ref.objectType}:${ref.stripeObjectId}`;
