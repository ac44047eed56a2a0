import {
  refKey,
  writeOrder,
  type AssociationWrite,
  type CrmObjectType,
  type RecordWrite,
} from './crm-records.ts';
import { RejectedCrmError, type CrmClient, type UpsertInput } from './hubspot-crm.ts';

export type WritePlan = { records: RecordWrite[]; associations: AssociationWrite[] };

export type PlanResult = {
  /** HubSpot id of every record written, by `refKey`. */
  hubspotIds: Map<string, string>;
  /** Inbox events with a record or association HubSpot refused, and why. */
  failed: Map<number, string>;
  /** Inbox events whose association could not be made because one end is not in HubSpot. */
  warnings: Map<number, string[]>;
};

export const maxBatchInputs = 100;

const chunks = <T>(items: T[], size = maxBatchInputs): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

const fail = (result: PlanResult, eventRowIds: number[], message: string) => {
  for (const id of eventRowIds) if (!result.failed.has(id)) result.failed.set(id, message);
};

/**
 * One upsert call; when HubSpot refuses the whole request, halves it until the bad inputs stand
 * alone, so one invalid record never holds back the other 99.
 */
const upsertIsolating = async (
  crm: CrmClient,
  objectType: CrmObjectType,
  records: RecordWrite[],
  result: PlanResult,
): Promise<void> => {
  const inputs: UpsertInput[] = records.map(({ idProperty, id, properties }) => ({
    idProperty,
    id,
    properties,
  }));
  try {
    const answer = await crm.upsert(objectType, inputs);
    const byKey = new Map(records.map((record) => [record.id.toLowerCase(), record]));
    for (const written of answer.results) {
      const record = byKey.get(written.key);
      if (record) result.hubspotIds.set(refKey(record), written.id);
    }
    for (const error of answer.errors) {
      const record = byKey.get(error.key);
      if (record) fail(result, record.eventRowIds, error.message);
    }
  } catch (error) {
    if (!(error instanceof RejectedCrmError)) throw error;
    if (records.length === 1) {
      fail(result, records[0]?.eventRowIds ?? [], error.message);
      return;
    }
    const half = Math.ceil(records.length / 2);
    await upsertIsolating(crm, objectType, records.slice(0, half), result);
    await upsertIsolating(crm, objectType, records.slice(half), result);
  }
};

const writeAssociations = async (
  crm: CrmClient,
  associations: AssociationWrite[],
  ids: (key: string) => string | undefined,
  result: PlanResult,
) => {
  const groups = new Map<string, { pair: { from: string; to: string }; write: AssociationWrite }[]>();
  for (const write of associations) {
    if (write.eventRowIds.every((id) => result.failed.has(id))) continue;
    const from = ids(refKey(write.from));
    const to = ids(refKey(write.to));
    if (!from || !to) {
      for (const id of write.eventRowIds) {
        result.warnings.set(id, [
          ...(result.warnings.get(id) ?? []),
          `Not associated with a ${write.to.objectType.replace(/s$/, '').replace('_', ' ')}: it is not in HubSpot`,
        ]);
      }
      continue;
    }
    const key = `${write.from.objectType}>${write.to.objectType}`;
    groups.set(key, [...(groups.get(key) ?? []), { pair: { from, to }, write }]);
  }
  for (const entries of groups.values()) {
    const first = entries[0];
    if (!first) continue;
    for (const chunk of chunks(entries)) {
      const answer = await crm.associate(
        first.write.from.objectType,
        first.write.to.objectType,
        chunk.map((entry) => entry.pair),
      );
      const failed = new Set(answer.failed.map((pair) => `${pair.from}>${pair.to}`));
      for (const entry of chunk) {
        if (failed.has(`${entry.pair.from}>${entry.pair.to}`)) {
          fail(result, entry.write.eventRowIds, answer.message ?? 'HubSpot refused the association');
        }
      }
    }
  }
};

/**
 * Writes a plan in dependency order — records type by type in batches of up to 100, then the
 * associations between them — and reports per event what failed. `knownIds` are the HubSpot ids
 * of records written in earlier rounds (crm_link).
 */
export const executePlan = async (
  crm: CrmClient,
  plan: WritePlan,
  knownIds: Map<string, string>,
): Promise<PlanResult> => {
  const result: PlanResult = { hubspotIds: new Map(), failed: new Map(), warnings: new Map() };
  for (const objectType of writeOrder) {
    const records = plan.records.filter((record) => record.objectType === objectType);
    for (const chunk of chunks(records)) await upsertIsolating(crm, objectType, chunk, result);
  }
  const ids = (key: string) => result.hubspotIds.get(key) ?? knownIds.get(key);
  await writeAssociations(crm, plan.associations, ids, result);
  return result;
};
