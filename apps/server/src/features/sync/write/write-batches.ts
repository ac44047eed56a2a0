import type { CrmObjectType, RecordWrite } from '@billbridge/contract';
import pMap from 'p-map';
import { refKey } from '../../../providers/hubspot/crm-records.ts';
import {
  RejectedCrmError,
  type CrmClient,
  type WriteResult,
} from '../../../providers/hubspot/hubspot-crm.ts';

/** What writing a plan came to, and the helpers every writer of batches shares. */
export type PlanResult = {
  /** HubSpot id of every record written, by `refKey`. */
  hubspotIds: Map<string, string>;
  /** Inbox events with a record or association HubSpot refused, and why. */
  failed: Map<number, string>;
  /** Inbox events whose association could not be made because one end is not in HubSpot. */
  warnings: Map<number, string[]>;
  /** Stripe ids of the line items archived (their links go). */
  archived: string[];
  /** `refKey`s of the records this plan's upserts created (so nothing of theirs is in HubSpot yet). */
  created: Set<string>;
  /**
   * `refKey`s of contacts whose remembered contact HubSpot no longer has (deleted there), now
   * written to another: what was associated with the old one is associated with it again.
   */
  recreated: Set<string>;
  /**
   * Deals created already associated with their customer's company (`refKey` → company id), so
   * the company step makes no association call for them (decision 079).
   */
  withCompany: Map<string, string>;
};

export const maxBatchInputs = 100;

export const chunks = <T>(items: T[], size = maxBatchInputs): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/**
 * Batches of one step of a round that go to HubSpot at once. They are independent of each other,
 * and the portal's window of calls (takeHubSpotCall) paces them, so a round can spend the burst
 * HubSpot allows instead of one call's round trip after another.
 */
const batchConcurrency = 4;

/**
 * `write` for each chunk of 100, `batchConcurrency` at a time. All of them end before a failure
 * is thrown (the first one), so no batch is still being answered once the round has settled.
 */
export const forEachChunk = async <T>(items: T[], write: (chunk: T[]) => Promise<void>): Promise<void> => {
  try {
    await pMap(chunks(items), write, { concurrency: batchConcurrency, stopOnError: false });
  } catch (error) {
    throw error instanceof AggregateError ? error.errors[0] : error;
  }
};

export const fail = (result: PlanResult, eventRowIds: number[], message: string) => {
  for (const id of eventRowIds) if (!result.failed.has(id)) result.failed.set(id, message);
};

export const warn = (result: PlanResult, eventRowIds: number[], message: string) => {
  for (const id of eventRowIds) result.warnings.set(id, [...(result.warnings.get(id) ?? []), message]);
};

/** HubSpot's answer to a batch read back onto its records: their ids, what was created, what failed. */
export const readAnswer = (
  chunk: RecordWrite[],
  answer: WriteResult,
  keyOf: (record: RecordWrite) => string,
  result: PlanResult,
): void => {
  const byKey = new Map(chunk.map((record) => [keyOf(record).toLowerCase(), record]));
  for (const written of answer.results) {
    const record = byKey.get(written.key);
    if (!record) continue;
    result.hubspotIds.set(refKey(record), written.id);
    if (written.created) result.created.add(refKey(record));
  }
  for (const error of answer.errors) {
    const record = byKey.get(error.key);
    if (record) fail(result, record.eventRowIds, error.message);
  }
};

/**
 * Sends records in batches of 100 and reads the answer back onto them (`keyOf` gives the key the
 * answer uses for a record). When HubSpot refuses a whole request it is halved until the bad
 * inputs stand alone, so one invalid record never holds back the other 99.
 */
export const writeIsolating = async (
  records: RecordWrite[],
  send: (records: RecordWrite[]) => Promise<WriteResult>,
  keyOf: (record: RecordWrite) => string,
  result: PlanResult,
): Promise<void> => {
  await forEachChunk(records, async (chunk) => {
    try {
      readAnswer(chunk, await send(chunk), keyOf, result);
    } catch (error) {
      if (!(error instanceof RejectedCrmError)) throw error;
      const [only] = chunk;
      if (chunk.length === 1 && only) {
        fail(result, only.eventRowIds, error.message);
        return;
      }
      const half = Math.ceil(chunk.length / 2);
      await writeIsolating(chunk.slice(0, half), send, keyOf, result);
      await writeIsolating(chunk.slice(half), send, keyOf, result);
    }
  });
};

export type Ids = (key: string) => string | undefined;

/** Records keyed by a unique property, upserted by it (a bad one isolated). */
export const upsertRecords = (
  crm: CrmClient,
  objectType: CrmObjectType,
  records: RecordWrite[],
  result: PlanResult,
): Promise<void> =>
  writeIsolating(
    records,
    (chunk) =>
      crm.upsert(
        objectType,
        chunk.map(({ idProperty, id, properties }) => ({ idProperty, id, properties })),
      ),
    (record) => record.id,
    result,
  );
