import type { AssociationLabel, ObjectTypeName, PortalData } from './types.ts';

type Defined = [
  from: ObjectTypeName,
  to: ObjectTypeName,
  typeId: number,
  inverse: number,
  label: string | null,
  name: string,
];

/**
 * HubSpot-defined association types (v4 `associationTypeId`s). Ids 1–6, 3/4, 19/20, 279/280 and
 * 341/342 are HubSpot's published defaults; the invoice ones (175–180, 409/410) follow HubSpot's
 * association type list as best known — read them from `/crm/v4/associations/{from}/{to}/labels`
 * rather than hard-coding them.
 */
const defined: Defined[] = [
  ['contacts', 'companies', 279, 280, null, 'contact_to_company_unlabeled'],
  ['companies', 'contacts', 280, 279, null, 'company_to_contact_unlabeled'],
  ['contacts', 'companies', 1, 2, 'Primary', 'contact_to_company'],
  ['companies', 'contacts', 2, 1, 'Primary', 'company_to_contact'],
  ['deals', 'contacts', 3, 4, null, 'deal_to_contact'],
  ['contacts', 'deals', 4, 3, null, 'contact_to_deal'],
  ['deals', 'companies', 341, 342, null, 'deal_to_company_unlabeled'],
  ['companies', 'deals', 342, 341, null, 'company_to_deal_unlabeled'],
  ['deals', 'companies', 5, 6, 'Primary', 'deal_to_company'],
  ['companies', 'deals', 6, 5, 'Primary', 'company_to_deal'],
  ['deals', 'line_items', 19, 20, null, 'deal_to_line_item'],
  ['line_items', 'deals', 20, 19, null, 'line_item_to_deal'],
  ['invoices', 'deals', 175, 176, null, 'invoice_to_deal'],
  ['deals', 'invoices', 176, 175, null, 'deal_to_invoice'],
  ['invoices', 'contacts', 177, 178, null, 'invoice_to_contact'],
  ['contacts', 'invoices', 178, 177, null, 'contact_to_invoice'],
  ['invoices', 'companies', 179, 180, null, 'invoice_to_company'],
  ['companies', 'invoices', 180, 179, null, 'company_to_invoice'],
  ['invoices', 'line_items', 409, 410, null, 'invoice_to_line_item'],
  ['line_items', 'invoices', 410, 409, null, 'line_item_to_invoice'],
  // Activities (HubSpot's association type list, "Activity to object" and back). HubSpot publishes
  // no note↔invoice ids: 1217/1218 are the stand-in's own, reached by the v4 default endpoint.
  ['notes', 'contacts', 202, 201, null, 'note_to_contact'],
  ['contacts', 'notes', 201, 202, null, 'contact_to_note'],
  ['notes', 'deals', 214, 213, null, 'note_to_deal'],
  ['deals', 'notes', 213, 214, null, 'deal_to_note'],
  ['notes', 'invoices', 1218, 1217, null, 'note_to_invoice'],
  ['invoices', 'notes', 1217, 1218, null, 'invoice_to_note'],
  ['tasks', 'contacts', 204, 203, null, 'task_to_contact'],
  ['contacts', 'tasks', 203, 204, null, 'contact_to_task'],
  ['tasks', 'deals', 216, 215, null, 'task_to_deal'],
  ['deals', 'tasks', 215, 216, null, 'deal_to_task'],
];

export const hubspotDefinedLabels: AssociationLabel[] = defined.map(
  ([fromType, toType, typeId, inverseTypeId, label, name]) => ({
    typeId,
    fromType,
    toType,
    label,
    name,
    category: 'HUBSPOT_DEFINED',
    inverseTypeId,
  }),
);

/** Every label (HubSpot-defined and the portal's own) from one object type to another. */
export const labelsBetween = (
  portal: PortalData,
  fromType: ObjectTypeName,
  toType: ObjectTypeName,
): AssociationLabel[] =>
  [...hubspotDefinedLabels, ...portal.labels].filter(
    (label) => label.fromType === fromType && label.toType === toType,
  );

export const labelById = (portal: PortalData, typeId: number): AssociationLabel | undefined =>
  [...hubspotDefinedLabels, ...portal.labels].find((label) => label.typeId === typeId);

/** The unlabeled type HubSpot uses for "default" associations between two object types. */
export const defaultLabel = (
  fromType: ObjectTypeName,
  toType: ObjectTypeName,
): AssociationLabel | undefined =>
  hubspotDefinedLabels.find(
    (label) => label.fromType === fromType && label.toType === toType && label.label === null,
  );
