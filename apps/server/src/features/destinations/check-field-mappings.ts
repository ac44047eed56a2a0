import {
  fieldMappingMessages,
  keyedError,
  propertyProblem,
  type FieldMapping,
  type FieldMappingObject,
} from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { DestinationRow } from '../../db/schema.ts';
import { destinationCrm, propertiesCall } from './destination-crm.ts';
import { fieldMappingsOf } from './destination-store.ts';

const same = (a: FieldMapping, b: FieldMapping) =>
  a.id === b.id && a.object === b.object && a.source === b.source && a.property === b.property;

/**
 * Checks the new or changed field mappings against the portal's live properties before they are
 * saved (the contract checked the rest): the property exists, takes a value, and of a type the
 * Stripe value fits. Mappings saved before are not read again, so a mapping whose property was
 * deleted since (flagged on the page) does not stop the rest of the destination from being saved.
 */
export const checkFieldMappings = async (
  app: AppContext,
  row: DestinationRow,
  mappings: readonly FieldMapping[],
): Promise<void> => {
  const stored = fieldMappingsOf(row);
  const changed = mappings.filter((mapping) => !stored.some((saved) => same(saved, mapping)));
  if (changed.length === 0) return;
  if (!row.accessTokenSealed)
    throw keyedError('failed-precondition', fieldMappingMessages, 'fieldMappingNeedsConnection');
  const crm = destinationCrm(app, row);
  const objects = [...new Set(changed.map((mapping) => mapping.object))];
  const properties = new Map(
    await propertiesCall(() =>
      Promise.all(objects.map(async (object) => [object, await crm.properties(object)] as const)),
    ),
  );
  for (const mapping of changed) {
    const problem = propertyProblem(mapping, properties.get(mapping.object as FieldMappingObject) ?? []);
    if (problem) throw keyedError('invalid-argument', fieldMappingMessages, problem);
  }
};
