import { fieldMappingObjects } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { destinationCrm, propertiesCall } from './destination-crm.ts';
import { loadDestination } from './destination-store.ts';

/**
 * The portal's live properties of each object field mappings reach, with their types and options,
 * for the field-mapping editor; and whether the granted scopes let Billbridge create one there.
 */
export const getDestinationProperties = implement(
  'getDestinationProperties',
  async ({ subscriptionId, destinationId }, { app }) => {
    const row = await loadDestination(app.database.db, subscriptionId, destinationId);
    const crm = destinationCrm(app, row);
    const objects = await propertiesCall(() =>
      Promise.all(
        fieldMappingObjects.map(async (object) => ({
          object,
          properties: (await crm.properties(object)).sort((a, b) => a.label.localeCompare(b.label)),
          canCreate: row.scopes.includes(`crm.schemas.${object}.write`),
        })),
      ),
    );
    return { objects };
  },
);
