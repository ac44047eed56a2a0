import type { ObjectTypeName } from './types.ts';

export type ObjectTypeInfo = {
  name: ObjectTypeName;
  objectTypeId: string;
  singular: string;
  /** As HubSpot names it in errors ("Could not get some CONTACT objects"). */
  upper: string;
  createdProperty: string;
  modifiedProperty: string;
  /** Properties returned when a request names none. */
  defaultProperties: string[];
  /** Properties a search `query` looks in. */
  queryProperties: string[];
  /** OAuth scope stem: `crm.objects.<scope>.read|write`. */
  scope: string;
};

export const objectTypes: Record<ObjectTypeName, ObjectTypeInfo> = {
  contacts: {
    name: 'contacts',
    objectTypeId: '0-1',
    singular: 'contact',
    upper: 'CONTACT',
    createdProperty: 'createdate',
    modifiedProperty: 'lastmodifieddate',
    defaultProperties: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
    queryProperties: ['firstname', 'lastname', 'email', 'phone', 'company', 'website'],
    scope: 'contacts',
  },
  companies: {
    name: 'companies',
    objectTypeId: '0-2',
    singular: 'company',
    upper: 'COMPANY',
    createdProperty: 'createdate',
    modifiedProperty: 'hs_lastmodifieddate',
    defaultProperties: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
    queryProperties: ['name', 'domain', 'website', 'phone'],
    scope: 'companies',
  },
  deals: {
    name: 'deals',
    objectTypeId: '0-3',
    singular: 'deal',
    upper: 'DEAL',
    createdProperty: 'createdate',
    modifiedProperty: 'hs_lastmodifieddate',
    defaultProperties: [
      'amount',
      'closedate',
      'createdate',
      'dealname',
      'dealstage',
      'hs_lastmodifieddate',
      'hs_object_id',
      'pipeline',
    ],
    queryProperties: ['dealname', 'description'],
    scope: 'deals',
  },
  products: {
    name: 'products',
    objectTypeId: '0-7',
    singular: 'product',
    upper: 'PRODUCT',
    createdProperty: 'createdate',
    modifiedProperty: 'hs_lastmodifieddate',
    defaultProperties: ['createdate', 'description', 'hs_lastmodifieddate', 'hs_object_id', 'name', 'price'],
    queryProperties: ['name', 'description', 'hs_sku'],
    scope: 'products',
  },
  line_items: {
    name: 'line_items',
    objectTypeId: '0-8',
    singular: 'line_item',
    upper: 'LINE_ITEM',
    createdProperty: 'createdate',
    modifiedProperty: 'hs_lastmodifieddate',
    defaultProperties: [
      'amount',
      'createdate',
      'hs_lastmodifieddate',
      'hs_object_id',
      'hs_product_id',
      'name',
      'price',
      'quantity',
    ],
    queryProperties: ['name', 'description', 'hs_sku'],
    scope: 'line_items',
  },
  invoices: {
    name: 'invoices',
    objectTypeId: '0-53',
    singular: 'invoice',
    upper: 'INVOICE',
    createdProperty: 'hs_createdate',
    modifiedProperty: 'hs_lastmodifieddate',
    defaultProperties: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
    queryProperties: ['hs_number', 'hs_title'],
    scope: 'invoices',
  },
  // Notes and tasks live on the records they are associated with and are written with the scopes
  // of contacts (HubSpot's notes and tasks guides: "crm.objects.contacts.write").
  notes: {
    name: 'notes',
    objectTypeId: '0-46',
    singular: 'note',
    upper: 'NOTE',
    createdProperty: 'hs_createdate',
    modifiedProperty: 'hs_lastmodifieddate',
    defaultProperties: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
    queryProperties: ['hs_note_body'],
    scope: 'contacts',
  },
  tasks: {
    name: 'tasks',
    objectTypeId: '0-27',
    singular: 'task',
    upper: 'TASK',
    createdProperty: 'hs_createdate',
    modifiedProperty: 'hs_lastmodifieddate',
    defaultProperties: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
    queryProperties: ['hs_task_subject', 'hs_task_body'],
    scope: 'contacts',
  },
};

const aliases: Record<string, ObjectTypeName> = {};
for (const info of Object.values(objectTypes)) {
  for (const alias of [
    info.name,
    info.singular,
    info.objectTypeId,
    info.upper,
    info.name.replace('_', ''),
    info.singular.replace('_', ''),
  ]) {
    aliases[alias.toLowerCase()] = info.name;
  }
}

/** `contacts`, `contact`, `0-1`, `CONTACT`, `lineitems`… → the object type. */
export const resolveObjectType = (raw: string): ObjectTypeInfo | undefined => {
  const name = aliases[raw.toLowerCase()];
  return name ? objectTypes[name] : undefined;
};
