import { implement } from '../../functions/framework.ts';
import { destinationCrm } from '../destinations/destination-crm.ts';
import { loadDestination, rulesOf } from '../destinations/destination-store.ts';
import { fieldMappingImpact } from './field-mapping-impact.ts';
import { mappedRecords } from './mapped-records.ts';

/** What unsaved field mappings would change on the records already synced (decision 072): writes nothing. */
export const dryRunFieldMappings = implement(
  'dryRunFieldMappings',
  async ({ subscriptionId, destinationId, field_mappings: mappings }, { app }) => {
    const { db } = app.database;
    const row = await loadDestination(db, subscriptionId, destinationId);
    const crm = () => destinationCrm(app, row);
    const records = await mappedRecords(app, { subscriptionId, destinationId }, rulesOf(row), mappings);
    const { objects } = await fieldMappingImpact(crm, records);
    return { objects };
  },
);
