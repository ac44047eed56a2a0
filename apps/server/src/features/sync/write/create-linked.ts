import type { AssociationWrite, CrmObjectType, RecordWrite } from '@billbridge/contract';
import { refKey } from '../../../providers/hubspot/crm-records.ts';
import {
  inlineAssociationTypeId,
  RejectedCrmError,
  type CrmClient,
} from '../../../providers/hubspot/hubspot-crm.ts';
import { forEachChunk, readAnswer, upsertRecords, type Ids, type PlanResult } from './write-batches.ts';

/** A record to create together with the associations it can carry (their other end already written). */
export type LinkedCreate = { record: RecordWrite; associations: AssociationWrite[] };

/**
 * Of records keyed by a unique property, those no link names yet that could be created with some of
 * the plan's associations inline (a new deal with its contact, written before it), and the rest.
 */
export const linkedCreatesOf = (
  records: RecordWrite[],
  associations: AssociationWrite[],
  knownIds: ReadonlyMap<string, string>,
  ids: Ids,
): { linked: LinkedCreate[]; others: RecordWrite[] } => {
  const inline = new Map<string, AssociationWrite[]>();
  for (const write of associations) {
    if (!inlineAssociationTypeId(write.from.objectType, write.to.objectType) || !ids(refKey(write.to)))
      continue;
    const key = refKey(write.from);
    inline.set(key, [...(inline.get(key) ?? []), write]);
  }
  const linked: LinkedCreate[] = [];
  const others: RecordWrite[] = [];
  for (const record of records) {
    const carried = knownIds.has(refKey(record)) ? undefined : inline.get(refKey(record));
    if (carried) linked.push({ record, associations: carried });
    else others.push(record);
  }
  return { linked, others };
};

/**
 * Creates records no link names yet in batches of 100 with their associations inline, which saves
 * the association call a batch of them would take. HubSpot refuses such a batch whole when one of
 * its records is there already (written in a round that crashed before it settled) or is invalid:
 * that batch is upserted instead, isolating a bad record, and its associations are left to the
 * association call. A deal whose customer's company is known is created associated with it too
 * (`companyOf`, decision 079). Returns the associations made.
 */
export const createLinked = async (
  crm: CrmClient,
  objectType: CrmObjectType,
  creates: LinkedCreate[],
  ids: Ids,
  result: PlanResult,
  companyOf: ReadonlyMap<string, string> = new Map(),
): Promise<Set<AssociationWrite>> => {
  const made = new Set<AssociationWrite>();
  const companiesOf = (record: RecordWrite) => {
    const company = companyOf.get(refKey(record));
    return company ? [{ objectType: 'companies' as const, id: company }] : [];
  };
  await forEachChunk(creates, async (chunk) => {
    const records = chunk.map(({ record }) => record);
    try {
      const answer = await crm.create(
        objectType,
        chunk.map(({ record, associations }) => ({
          properties: { ...record.properties, [record.idProperty]: record.id },
          associations: [
            ...associations.map((write) => ({
              objectType: write.to.objectType,
              id: ids(refKey(write.to)) ?? '',
            })),
            ...companiesOf(record),
          ],
        })),
        records[0]?.idProperty ?? '',
      );
      readAnswer(records, answer, (record) => record.id, result);
      for (const { associations } of chunk) for (const write of associations) made.add(write);
      for (const record of records)
        for (const { id } of companiesOf(record)) result.withCompany.set(refKey(record), id);
    } catch (error) {
      if (!(error instanceof RejectedCrmError)) throw error;
      await upsertRecords(crm, objectType, records, result);
    }
  });
  return made;
};
