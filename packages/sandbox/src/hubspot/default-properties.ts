import type {
  ObjectTypeName,
  PropertyDefinition,
  PropertyGroup,
  PropertyOption,
  PropertyType,
} from './types.ts';

type Spec = [name: string, label: string, type: PropertyType, fieldType: string, options?: string[]];

const system: Spec[] = [['hs_object_id', 'Record ID', 'number', 'number']];

/**
 * The portal's users who can own records: `hubspot_owner_id` takes one of their ids, as HubSpot's
 * owner properties take the account's owners (developers.hubspot.com/docs/api-reference/latest/crm/owners/guide).
 */
export const sandboxOwners = [
  { id: '71001', name: 'Avery Account-Manager' },
  { id: '71002', name: 'Blake Sales' },
] as const;
const ownerIds = sandboxOwners.map((owner) => owner.id);

/** Revenue HubSpot calculates from line items, on deals and on each line item (`deal-revenue.ts`). */
const revenue: Spec[] = [
  ['hs_mrr', 'Monthly recurring revenue', 'number', 'number'],
  ['hs_arr', 'Annual recurring revenue', 'number', 'number'],
  ['hs_acv', 'Annual contract value', 'number', 'number'],
  ['hs_tcv', 'Total contract value', 'number', 'number'],
];

const timestamps = (created: string, modified: string): Spec[] => [
  [created, 'Create date', 'datetime', 'date'],
  [modified, 'Last modified date', 'datetime', 'date'],
];

const specs: Record<ObjectTypeName, { group: string; specs: Spec[] }> = {
  contacts: {
    group: 'contactinformation',
    specs: [
      ...system,
      ...timestamps('createdate', 'lastmodifieddate'),
      ['hs_lastmodifieddate', 'Object last modified date/time', 'datetime', 'date'],
      ['email', 'Email', 'string', 'text'],
      ['hs_additional_emails', 'Additional email addresses', 'string', 'text'],
      ['hs_merged_object_ids', 'Merged Contact IDs', 'string', 'text'],
      ['firstname', 'First Name', 'string', 'text'],
      ['lastname', 'Last Name', 'string', 'text'],
      ['phone', 'Phone Number', 'string', 'phonenumber'],
      ['mobilephone', 'Mobile Phone Number', 'string', 'phonenumber'],
      ['company', 'Company Name', 'string', 'text'],
      ['website', 'Website URL', 'string', 'text'],
      ['jobtitle', 'Job Title', 'string', 'text'],
      ['address', 'Street Address', 'string', 'text'],
      ['city', 'City', 'string', 'text'],
      ['state', 'State/Region', 'string', 'text'],
      ['zip', 'Postal Code', 'string', 'text'],
      ['country', 'Country/Region', 'string', 'text'],
      ['hubspot_owner_id', 'Contact owner', 'enumeration', 'select', ownerIds],
      [
        'lifecyclestage',
        'Lifecycle Stage',
        'enumeration',
        'radio',
        [
          'subscriber',
          'lead',
          'marketingqualifiedlead',
          'salesqualifiedlead',
          'opportunity',
          'customer',
          'evangelist',
          'other',
        ],
      ],
      [
        'hs_lead_status',
        'Lead Status',
        'enumeration',
        'radio',
        [
          'NEW',
          'OPEN',
          'IN_PROGRESS',
          'OPEN_DEAL',
          'UNQUALIFIED',
          'ATTEMPTED_TO_CONTACT',
          'CONNECTED',
          'BAD_TIMING',
        ],
      ],
      ['notes_last_updated', 'Last Activity Date', 'datetime', 'date'],
    ],
  },
  companies: {
    group: 'companyinformation',
    specs: [
      ...system,
      ...timestamps('createdate', 'hs_lastmodifieddate'),
      ['name', 'Company name', 'string', 'text'],
      ['domain', 'Company Domain Name', 'string', 'text'],
      ['website', 'Website URL', 'string', 'text'],
      ['phone', 'Phone Number', 'string', 'phonenumber'],
      ['city', 'City', 'string', 'text'],
      ['country', 'Country/Region', 'string', 'text'],
      ['industry', 'Industry', 'string', 'text'],
      ['description', 'Description', 'string', 'textarea'],
    ],
  },
  deals: {
    group: 'dealinformation',
    specs: [
      ...system,
      ...timestamps('createdate', 'hs_lastmodifieddate'),
      ['dealname', 'Deal Name', 'string', 'text'],
      ['amount', 'Amount', 'number', 'number'],
      ['dealstage', 'Deal Stage', 'enumeration', 'radio', []],
      ['pipeline', 'Pipeline', 'enumeration', 'select', []],
      ['closedate', 'Close Date', 'datetime', 'date'],
      ['description', 'Deal Description', 'string', 'textarea'],
      ['dealtype', 'Deal Type', 'enumeration', 'radio', ['newbusiness', 'existingbusiness']],
      ['deal_currency_code', 'Currency', 'string', 'text'],
      ['hubspot_owner_id', 'Deal owner', 'enumeration', 'select', ownerIds],
      ['hs_priority', 'Priority', 'enumeration', 'radio', ['low', 'medium', 'high']],
      ...revenue,
      ['closed_lost_reason', 'Closed Lost Reason', 'string', 'textarea'],
    ],
  },
  // Notes and tasks: the properties HubSpot's engagement guides list for a create
  // (developers.hubspot.com/docs/api-reference/latest/crm/activities/notes/guide, …/tasks/guide).
  notes: {
    group: 'engagement',
    specs: [
      ...system,
      ...timestamps('hs_createdate', 'hs_lastmodifieddate'),
      ['hs_timestamp', 'Activity date', 'datetime', 'date'],
      ['hs_note_body', 'Note body', 'string', 'html'],
      ['hubspot_owner_id', 'Activity assigned to', 'enumeration', 'select', ownerIds],
    ],
  },
  tasks: {
    group: 'task',
    specs: [
      ...system,
      ...timestamps('hs_createdate', 'hs_lastmodifieddate'),
      ['hs_timestamp', 'Due date', 'datetime', 'date'],
      ['hs_task_subject', 'Task title', 'string', 'text'],
      ['hs_task_body', 'Notes', 'string', 'html'],
      [
        'hs_task_status',
        'Task status',
        'enumeration',
        'select',
        ['NOT_STARTED', 'IN_PROGRESS', 'WAITING', 'COMPLETED', 'DEFERRED'],
      ],
      ['hs_task_priority', 'Priority', 'enumeration', 'select', ['NONE', 'LOW', 'MEDIUM', 'HIGH']],
      ['hs_task_type', 'Task type', 'enumeration', 'select', ['TODO', 'CALL', 'EMAIL']],
      ['hubspot_owner_id', 'Assigned to', 'enumeration', 'select', ownerIds],
    ],
  },
  products: {
    group: 'productinformation',
    specs: [
      ...system,
      ...timestamps('createdate', 'hs_lastmodifieddate'),
      ['name', 'Name', 'string', 'text'],
      ['description', 'Description', 'string', 'textarea'],
      ['price', 'Unit price', 'number', 'number'],
      ['hs_sku', 'SKU', 'string', 'text'],
      ['hs_cost_of_goods_sold', 'Unit cost', 'number', 'number'],
      ['hs_product_type', 'Product type', 'enumeration', 'select', ['inventory', 'non_inventory', 'service']],
      [
        'recurringbillingfrequency',
        'Billing frequency',
        'enumeration',
        'select',
        [
          'weekly',
          'biweekly',
          'monthly',
          'quarterly',
          'per_six_months',
          'annually',
          'per_two_years',
          'per_three_years',
          'per_four_years',
          'per_five_years',
        ],
      ],
      ['hs_recurring_billing_period', 'Term', 'string', 'text'],
      ['hs_url', 'URL', 'string', 'text'],
    ],
  },
  line_items: {
    group: 'lineiteminformation',
    specs: [
      ...system,
      ...timestamps('createdate', 'hs_lastmodifieddate'),
      ['name', 'Name', 'string', 'text'],
      ['description', 'Description', 'string', 'textarea'],
      ['price', 'Unit price', 'number', 'number'],
      ['quantity', 'Quantity', 'number', 'number'],
      ['amount', 'Net price', 'number', 'number'],
      ['discount', 'Unit discount', 'number', 'number'],
      ['hs_discount_percentage', 'Discount percentage', 'number', 'number'],
      ['hs_product_id', 'Product ID', 'number', 'number'],
      ['hs_sku', 'SKU', 'string', 'text'],
      ['hs_line_item_currency_code', 'Currency', 'string', 'text'],
      [
        'recurringbillingfrequency',
        'Billing frequency',
        'enumeration',
        'select',
        [
          'weekly',
          'biweekly',
          'monthly',
          'quarterly',
          'per_six_months',
          'annually',
          'per_two_years',
          'per_three_years',
          'per_four_years',
          'per_five_years',
        ],
      ],
      ['hs_recurring_billing_period', 'Term', 'string', 'text'],
      ['hs_recurring_billing_start_date', 'Billing start date', 'date', 'date'],
      ['hs_position_on_quote', 'Position on quote', 'number', 'number'],
      ...revenue,
    ],
  },
  invoices: {
    group: 'invoiceinformation',
    specs: [
      ...system,
      ...timestamps('hs_createdate', 'hs_lastmodifieddate'),
      ['hs_title', 'Title', 'string', 'text'],
      ['hs_number', 'Number', 'string', 'text'],
      ['hs_currency', 'Currency', 'string', 'text'],
      ['hs_invoice_date', 'Invoice date', 'datetime', 'date'],
      ['hs_due_date', 'Due date', 'datetime', 'date'],
      ['hs_invoice_status', 'Invoice status', 'enumeration', 'select', ['draft', 'open', 'paid', 'voided']],
      ['hs_amount_billed', 'Amount billed', 'number', 'number'],
      ['hs_amount_paid', 'Amount paid', 'number', 'number'],
      ['hs_balance_due', 'Balance due', 'number', 'number'],
      ['hs_subtotal', 'Subtotal', 'number', 'number'],
      ['hs_invoice_link', 'Invoice link', 'string', 'text'],
      ['hs_payment_date', 'Payment date', 'datetime', 'date'],
      ['hs_purchase_order_number', 'Purchase order number', 'string', 'text'],
      ['hs_comments', 'Comments', 'string', 'textarea'],
      ['hs_external_invoice_id', 'External invoice ID', 'string', 'text'],
      ['hs_external_recipient', 'External recipient', 'string', 'text'],
    ],
  },
};

/**
 * Calculated by HubSpot: the record id, an invoice's amounts (from its line items and payments), and
 * the recurring revenue of deals and line items (from the line items' prices and terms).
 */
const calculated = new Set([
  'hs_object_id',
  'hs_subtotal',
  'hs_amount_billed',
  'hs_amount_paid',
  'hs_balance_due',
  ...revenue.map(([name]) => name),
]);

/**
 * Values no API write may set (READ_ONLY_VALUE): the calculated ones, system timestamps, and what an
 * invoice gets from HubSpot — its generated number, link and payment date.
 */
const readOnly = new Set([
  ...calculated,
  'lastmodifieddate',
  'hs_lastmodifieddate',
  'hs_number',
  'hs_invoice_link',
  'hs_payment_date',
  'hs_additional_emails',
  'hs_merged_object_ids',
]);

const option = (value: string, index: number): PropertyOption => ({
  label: value,
  value,
  displayOrder: index,
  hidden: false,
});

/** HubSpot-defined properties every new portal starts with. */
export const defaultProperties = (type: ObjectTypeName, at: string): Record<string, PropertyDefinition> => {
  const { group, specs: list } = specs[type];
  return Object.fromEntries(
    list.map(([name, label, propertyType, fieldType, options], index): [string, PropertyDefinition] => [
      name,
      {
        name,
        label,
        type: propertyType,
        fieldType,
        groupName: group,
        description: '',
        options: (options ?? []).map(option),
        displayOrder: index,
        hasUniqueValue: false,
        hidden: false,
        formField: !readOnly.has(name),
        hubspotDefined: true,
        calculated: calculated.has(name),
        externalOptions: propertyType === 'enumeration' && (options ?? []).length === 0,
        readOnlyValue: readOnly.has(name),
        createdAt: at,
        updatedAt: at,
        archived: false,
      },
    ]),
  );
};

/** The property group HubSpot puts its own properties in, per object type. */
export const defaultGroups = (type: ObjectTypeName): Record<string, PropertyGroup> => {
  const name = specs[type].group;
  return {
    [name]: { name, label: `${type.replace('_', ' ')} information`, displayOrder: 0, archived: false },
  };
};
