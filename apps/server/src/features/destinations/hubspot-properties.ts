import type { Client } from '@hubspot/api-client';
import { stripeIdProperty } from '../sync/mapping/crm-records.ts';

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

/**
 * Creates, where the granted scopes allow, the unique `billbridge_stripe_id` property (in a
 * Billbridge property group) that deals, line items and invoices are upserted by. Idempotent, so a
 * reconnection to the same portal just finds them. Returns the object types that have it.
 */
export const ensureStripeIdProperties = async (
  client: Client,
  scopes: readonly string[],
): Promise<string[]> => {
  const prepared: string[] = [];
  for (const objectType of stripeIdObjectTypes) {
    if (!scopes.includes(`crm.schemas.${objectType}.write`)) continue;
    await ignoringConflict(() =>
      client.crm.properties.groupsApi.create(objectType, { ...billbridgePropertyGroup, displayOrder: -1 }),
    );
    await ignoringConflict(() =>
      client.crm.properties.coreApi.create(objectType, {
        name: stripeIdProperty,
        label: 'Stripe ID',
        description: 'The Stripe object this record was synced from (set by Billbridge).',
        type: 'string' as never,
        fieldType: 'text' as never,
        groupName: billbridgePropertyGroup.name,
        hasUniqueValue: true,
      }),
    );
    prepared.push(objectType);
  }
  return prepared;
};
