import type { Client } from '@hubspot/api-client';
import {
  customerStatuses,
  paymentStatuses,
  revenueProperties,
  stripeIdProperty,
  type HubSpotProperty,
} from '@billbridge/contract';
import { customerIdProperty } from './crm-records.ts';

/** The objects the sync engine upserts by their Stripe id. */
export const stripeIdObjectTypes = ['deals', 'line_items', 'invoices'] as const;

export const billbridgePropertyGroup = { name: 'billbridge', label: 'Billbridge' } as const;

/** HubSpot says 409 when the group or property is already there: exactly what we wanted. */
const ignoringConflict = async (create: () => Promise<unknown>): Promise<void> => {
  try {
    await create();
  } catch (error) {
    if ((error as { code?: unknown }).code !== 409) throw error;
  }
};

type PropertyDefinition = {
  name: string;
  label: string;
  description: string;
  type?: 'string' | 'number' | 'date' | 'enumeration';
  fieldType?: 'text' | 'number' | 'date' | 'select';
  options?: readonly string[];
  hasUniqueValue?: boolean;
};

/**
 * Properties in the Billbridge group, unique text ones unless said otherwise: the group, then each
 * property, created unless there already.
 */
const ensureProperties = async (
  client: Client,
  objectType: string,
  properties: readonly PropertyDefinition[],
): Promise<void> => {
  await ignoringConflict(() =>
    client.crm.properties.groupsApi.create(objectType, { ...billbridgePropertyGroup, displayOrder: -1 }),
  );
  for (const {
    type = 'string',
    fieldType = 'text',
    options,
    hasUniqueValue = true,
    ...property
  } of properties) {
    await ignoringConflict(() =>
      client.crm.properties.coreApi.create(objectType, {
        ...property,
        type: type as never,
        fieldType: fieldType as never,
        groupName: billbridgePropertyGroup.name,
        hasUniqueValue,
        ...(options
          ? {
              options: options.map((value, displayOrder) => ({
                value,
                label: value,
                displayOrder,
                hidden: false,
              })),
            }
          : {}),
      }),
    );
  }
};

const amount = (name: string, label: string, description: string): PropertyDefinition => ({
  name,
  label,
  description: `${description} In the portal's company currency (${revenueProperties.currency}).`,
  type: 'number',
  fieldType: 'number',
  hasUniqueValue: false,
});

const date = (name: string, label: string, description: string): PropertyDefinition => ({
  name,
  label,
  description,
  type: 'date',
  fieldType: 'date',
  hasUniqueValue: false,
});

const choice = (name: string, label: string, description: string, options: readonly string[]) => ({
  name,
  label,
  description,
  type: 'enumeration' as const,
  fieldType: 'select' as const,
  options,
  hasUniqueValue: false,
});

/** What a customer is worth, on its contact (decision 073; docs/revenue-properties.md says how each is computed). */
export const revenuePropertyDefinitions: readonly PropertyDefinition[] = [
  amount(revenueProperties.mrr, 'MRR', "Monthly recurring revenue of the customer's billing subscriptions."),
  amount(revenueProperties.arr, 'ARR', 'Annual recurring revenue: 12 × MRR.'),
  amount(revenueProperties.ltv, 'Lifetime value', 'Paid minus refunded, all time.'),
  {
    name: revenueProperties.currency,
    label: 'Revenue currency',
    description: 'The currency MRR, ARR and lifetime value are in.',
    hasUniqueValue: false,
  },
  choice(
    revenueProperties.customerStatus,
    'Customer status',
    "The customer's billing status in Stripe.",
    customerStatuses,
  ),
  date(revenueProperties.firstPaymentDate, 'First payment date', 'When the customer first paid.'),
  date(revenueProperties.lastPaymentDate, 'Last payment date', "When the customer's last payment happened."),
  choice(
    revenueProperties.lastPaymentStatus,
    'Last payment status',
    "What became of the customer's last payment.",
    paymentStatuses,
  ),
];

/**
 * Creates, where the granted scopes allow, the unique `billbridge_stripe_id` property (in a
 * Billbridge property group) that deals, line items and invoices are upserted by, and the unique
 * `billbridge_stripe_customer_id` a customer's contact is found by. Idempotent, so a
 * reconnection to the same portal just finds them. Returns the object types that have it.
 */
export const ensureStripeIdProperties = async (
  client: Client,
  scopes: readonly string[],
): Promise<string[]> => {
  const prepared: string[] = [];
  for (const objectType of stripeIdObjectTypes) {
    if (!scopes.includes(`crm.schemas.${objectType}.write`)) continue;
    await ensureProperties(client, objectType, [
      {
        name: stripeIdProperty,
        label: 'Stripe ID',
        description: 'The Stripe object this record was synced from (set by Billbridge).',
      },
    ]);
    prepared.push(objectType);
  }
  if (scopes.includes('crm.schemas.contacts.write')) {
    await ensureProperties(client, 'contacts', [
      {
        name: customerIdProperty,
        label: 'Stripe customer ID',
        description: 'The Stripe customer this contact is (set by Billbridge).',
      },
      ...revenuePropertyDefinitions,
    ]);
    prepared.push('contacts');
  }
  // A company's revenue is the sum of its contacts' (decision 073).
  if (scopes.includes('crm.schemas.companies.write')) {
    await ensureProperties(client, 'companies', revenuePropertyDefinitions);
  }
  return prepared;
};

/** HubSpot's property as listed (the SDK's `Property`), trimmed to what the mappings need. */
type ListedProperty = {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  calculated?: boolean;
  options?: { value: string; label: string; hidden?: boolean }[];
  modificationMetadata?: { readOnlyValue?: boolean };
};

export const propertyOf = (listed: ListedProperty): HubSpotProperty => ({
  name: listed.name,
  label: listed.label,
  type: listed.type,
  fieldType: listed.fieldType,
  groupName: listed.groupName,
  options: (listed.options ?? [])
    .filter((option) => !option.hidden)
    .map((option) => ({ value: option.value, label: option.label })),
  readOnly: Boolean(listed.calculated || listed.modificationMetadata?.readOnlyValue),
});
