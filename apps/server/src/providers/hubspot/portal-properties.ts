import {
  hubspotValueOf,
  type CrmObjectType,
  type HubSpotProperty,
  type MappedValue,
  type RecordWrite,
} from '@billbridge/contract';
import type { WritePlan } from './crm-records.ts';
import type { CrmClient } from './hubspot-crm.ts';
import { factMemory, trustedFact, type FactMemory, type PortalFactStore } from './portal-facts.ts';
import type { PortalPlan } from './portal-stages.ts';

/** One memory per object type (a handful), each bounded as every portal fact is. */
const caches = new Map<CrmObjectType, FactMemory<readonly HubSpotProperty[]>>();
const cacheOf = (objectType: CrmObjectType) => {
  const cache = caches.get(objectType) ?? factMemory<readonly HubSpotProperty[]>();
  caches.set(objectType, cache);
  return cache;
};

/** The properties each object type's mapped values go to. */
const wantedProperties = (plan: WritePlan): Map<CrmObjectType, Set<string>> => {
  const wanted = new Map<CrmObjectType, Set<string>>();
  for (const record of plan.records) {
    for (const value of record.mapped ?? []) {
      const names = wanted.get(record.objectType) ?? new Set<string>();
      wanted.set(record.objectType, names.add(value.property));
    }
  }
  return wanted;
};

/**
 * The portal's properties of the object types the plan maps values to, trusted for ten minutes
 * (portal-facts.ts) as pipelines are, but read again when a mapped property is not among them (it
 * may just have been created). One call per object type that needs reading.
 */
export const portalProperties = async (
  crm: CrmClient,
  hubId: number,
  plan: WritePlan,
  store?: PortalFactStore,
): Promise<Map<CrmObjectType, readonly HubSpotProperty[]>> => {
  const found = new Map<CrmObjectType, readonly HubSpotProperty[]>();
  for (const [objectType, names] of wantedProperties(plan)) {
    const fact = `properties:${objectType}` as const;
    const cache = cacheOf(objectType);
    const known = await trustedFact(cache, hubId, fact, store, (value) => value as HubSpotProperty[]);
    if (known && [...names].every((name) => known.value.some((property) => property.name === name))) {
      found.set(objectType, known.value);
      continue;
    }
    const properties = await crm.properties(objectType);
    cache.set(hubId, { value: properties, readAt: Date.now() });
    await store?.write(hubId, fact, properties);
    found.set(objectType, properties);
  }
  return found;
};

/** The warning an event gets when a mapping's HubSpot property was deleted since it was saved. */
export const propertyGoneWarning = (objectType: string, value: MappedValue): string =>
  `The HubSpot property "${value.property}" that ${value.source} is mapped to is not in the portal's ${objectType} any more: it was not written. Edit the destination's field mappings.`;

const problemTexts = {
  notANumber: 'is not a number',
  notABoolean: 'is not true or false',
  notAnOption: 'is not one of its options',
  notATime: 'is not a time',
} as const;

/** The warning an event gets when one mapped value does not fit its property: the rest is written. */
export const valueRefusedWarning = (
  objectType: string,
  value: MappedValue,
  problem: keyof typeof problemTexts,
): string =>
  `The value "${value.value}" of ${value.source} ${problemTexts[problem]} for the HubSpot ${objectType} property "${value.property}": that property was not written, the rest was.`;

/**
 * Writes each record's mapped values into its properties as the portal's property takes them. A
 * property deleted since, or a value that does not fit (a metadata value that is no number, an
 * unknown option), is left out with a warning on the record's events; the record is written.
 */
export const fitMappedValues = (
  plan: PortalPlan,
  properties: ReadonlyMap<CrmObjectType, readonly HubSpotProperty[]>,
): void => {
  const warn = (ids: number[], warning: string) => {
    for (const id of ids) plan.warnings.set(id, [...(plan.warnings.get(id) ?? []), warning]);
  };
  for (const record of plan.records) {
    if (record.statusOnly) continue; // a finalized invoice's properties no longer change
    for (const value of record.mapped ?? []) {
      const property = properties.get(record.objectType)?.find((live) => live.name === value.property);
      if (!property) {
        warn(record.eventRowIds, propertyGoneWarning(record.objectType, value));
        continue;
      }
      const converted = hubspotValueOf(value, property);
      if ('problem' in converted)
        warn(record.eventRowIds, valueRefusedWarning(record.objectType, value, converted.problem));
      else record.properties[value.property] = converted.value;
    }
  }
};

/** Forgets a portal's properties of `objectType`: one was just created there. */
export const forgetPortalProperties = async (
  hubId: number,
  objectType: CrmObjectType,
  store?: PortalFactStore,
): Promise<void> => {
  cacheOf(objectType).delete(hubId);
  await store?.forget(hubId, `properties:${objectType}`);
};

/** Whether HubSpot refused a record for a mapped property it does not have (deleted since the cached read). */
const refusedProperty = (record: RecordWrite, message: string | undefined): boolean =>
  message !== undefined &&
  message.includes('PROPERTY_DOESNT_EXIST') &&
  (record.mapped ?? []).some((value) => message.includes(`"name":"${value.property}"`));

/** Records of `records` HubSpot refused for a mapped property, by their events' failures. */
export const refusedForProperty = (
  records: RecordWrite[],
  failed: ReadonlyMap<number, string>,
): RecordWrite[] =>
  records.filter((record) => record.eventRowIds.some((id) => refusedProperty(record, failed.get(id))));

/**
 * Refused records fitted again to the portal's properties as they are now: mapped values whose
 * property is gone are taken out, with the warning `fitMappedValues` would have given.
 */
export const dropGoneProperties = (
  plan: PortalPlan,
  properties: ReadonlyMap<CrmObjectType, readonly HubSpotProperty[]>,
): void => {
  for (const record of plan.records) {
    for (const value of record.mapped ?? []) {
      if (properties.get(record.objectType)?.some((live) => live.name === value.property)) continue;
      if (!(value.property in record.properties)) continue;
      delete record.properties[value.property];
      for (const id of record.eventRowIds)
        plan.warnings.set(id, [
          ...(plan.warnings.get(id) ?? []),
          propertyGoneWarning(record.objectType, value),
        ]);
    }
  }
};
