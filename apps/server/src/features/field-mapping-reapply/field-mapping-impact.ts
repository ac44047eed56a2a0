import {
  fieldMappingObjects,
  hubspotValueOf,
  type FieldMappingImpact,
  type FieldMappingObject,
  type HubSpotProperty,
} from '@billbridge/contract';
import type { CrmClient } from '../../providers/hubspot/hubspot-crm.ts';
import { propertiesCall } from '../destinations/destination-crm.ts';
import type { MappedRecord } from './mapped-records.ts';

/** HubSpot's batch read takes at most 100 inputs. */
const readBatch = 100;

/** The values a record's mappings would write, converted for the portal's live properties. */
const targetValues = (
  { record }: MappedRecord,
  properties: readonly HubSpotProperty[],
): Record<string, string> =>
  Object.fromEntries(
    (record.mapped ?? []).flatMap((value) => {
      const property = properties.find((live) => live.name === value.property);
      const converted = property && hubspotValueOf(value, property);
      // A property gone or a value that does not fit is not written (a warning on the write): no change.
      return converted && 'value' in converted ? [[value.property, converted.value]] : [];
    }),
  );

/** The records of one object whose mapped properties hold other values in HubSpot. */
const changingOf = async (
  crm: CrmClient,
  object: FieldMappingObject,
  records: MappedRecord[],
): Promise<MappedRecord[]> => {
  const properties = await propertiesCall(() => crm.properties(object));
  const targets = records.map((record) => ({ record, values: targetValues(record, properties) }));
  const names = [...new Set(targets.flatMap(({ values }) => Object.keys(values)))];
  if (names.length === 0) return [];
  const changing: MappedRecord[] = [];
  for (let start = 0; start < targets.length; start += readBatch) {
    const batch = targets.slice(start, start + readBatch);
    const ids = [...new Set(batch.map(({ record }) => record.crmObjectId))];
    const current = await propertiesCall(() => crm.readValues(object, ids, names));
    for (const { record, values } of batch) {
      const now = current.get(record.crmObjectId);
      // A record gone from HubSpot is recreated by its write: it changes too.
      if (!now || Object.entries(values).some(([name, value]) => now[name] !== value)) changing.push(record);
    }
  }
  return changing;
};

/**
 * Per HubSpot object, the synced records the mappings reach and those that would change: their
 * current values read from HubSpot (one properties read and one batch read per 100 records, through
 * the budgeted client), compared with what the mappings would write.
 */
export const fieldMappingImpact = async (
  /** The destination's client, made only when there are records to compare (not connected: refused). */
  crmOf: () => CrmClient,
  records: readonly MappedRecord[],
): Promise<{ objects: FieldMappingImpact[]; changing: MappedRecord[] }> => {
  if (records.length === 0) return { objects: [], changing: [] };
  const crm = crmOf();
  const objects: FieldMappingImpact[] = [];
  const changing: MappedRecord[] = [];
  for (const object of fieldMappingObjects) {
    const ofObject = records.filter((record) => record.object === object);
    if (ofObject.length === 0) continue;
    const changes = await changingOf(crm, object, ofObject);
    objects.push({ object, records: ofObject.length, changing: changes.length });
    changing.push(...changes);
  }
  return { objects, changing };
};
