import type { RecordWrite } from '@billbridge/contract';
import { customerIdProperty, refKey } from '../../../providers/hubspot/crm-records.ts';
import type { CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import { chunks, upsertRecords, warn, writeIsolating, type PlanResult } from './write-batches.ts';

/** What writing a round's contacts needs: the client, the links, whether the portal has the property. */
export type ContactWrite = {
  crm: CrmClient;
  knownIds: ReadonlyMap<string, string>;
  /** The portal has the unique `billbridge_stripe_customer_id` (it granted the contact schema scope). */
  keyed: boolean;
  result: PlanResult;
};

/** HubSpot's answer to an address another contact has: `Contact already exists. Existing ID: 123`. */
const emailTakenBy = (message: string | undefined): string | undefined =>
  message?.match(/already exists\. Existing ID: (\d+)/)?.[1];

const withoutEmail = (record: RecordWrite): RecordWrite => {
  const { email: _email, ...properties } = record.properties;
  return { ...record, properties };
};

/** Updates contacts by HubSpot id; `idOf` names each one's contact. */
const updateById = (
  write: ContactWrite,
  records: RecordWrite[],
  idOf: (record: RecordWrite) => string,
): Promise<void> =>
  writeIsolating(
    records,
    (chunk) =>
      write.crm.update(
        'contacts',
        chunk.map((record) => ({ id: idOf(record), properties: record.properties })),
      ),
    idOf,
    write.result,
  );

/**
 * A new address that another contact already has: the customer keeps its contact, which gets the
 * rest of the change, and the activity names both records (never a second contact, never someone
 * else's record overwritten).
 */
const keepAddressTaken = async (
  write: ContactWrite,
  records: RecordWrite[],
  idOf: (record: RecordWrite) => string,
) => {
  const taken = records.flatMap((record) => {
    const other = emailTakenBy(write.result.failed.get(record.eventRowIds[0] ?? -1));
    return other ? [{ record, other }] : [];
  });
  for (const { record } of taken) for (const id of record.eventRowIds) write.result.failed.delete(id);
  await updateById(
    write,
    taken.map(({ record }) => withoutEmail(record)),
    idOf,
  );
  for (const { record, other } of taken) {
    warn(
      write.result,
      record.eventRowIds,
      `The address ${record.properties.email ?? ''} belongs to HubSpot contact ${other}, so contact ${idOf(record)} kept its own address; the rest was written`,
    );
  }
};

/**
 * Where the contacts a link names went, for those an update did not reach: merged ones to the
 * record the merge made (HubSpot answers a read of a merged id with it, `hs_merged_object_ids`
 * naming the ids it was made of), deleted ones nowhere.
 */
const survivorsOf = async (crm: CrmClient, ids: string[]): Promise<Map<string, string>> => {
  const survivors = new Map<string, string>();
  for (const chunk of chunks(ids)) {
    for (const found of await crm.read('contacts', chunk, 'hs_merged_object_ids')) {
      const madeOf = [found.id, ...found.key.split(';')];
      for (const id of chunk) if (madeOf.includes(id)) survivors.set(id, found.id);
    }
  }
  return survivors;
};

/** Contacts found by the unique property holding their Stripe customer id, by that id. */
const foundByCustomerId = async (crm: CrmClient, records: RecordWrite[]): Promise<Map<string, string>> => {
  const found = new Map<string, string>();
  for (const chunk of chunks(records)) {
    const customerIds = chunk.map((record) => record.stripeObjectId);
    for (const item of await crm.read('contacts', customerIds, customerIdProperty, customerIdProperty)) {
      found.set(item.key, item.id);
    }
  }
  return found;
};

/** Contacts written by the id the product remembers; returns those whose contact HubSpot no longer has. */
const writeLinked = async (write: ContactWrite, linked: RecordWrite[]): Promise<RecordWrite[]> => {
  const { crm, knownIds, result } = write;
  const idOf = (record: RecordWrite) => knownIds.get(refKey(record)) ?? '';
  await updateById(write, linked, idOf);
  await keepAddressTaken(write, linked, idOf);
  const missed = linked.filter(
    (record) =>
      !result.hubspotIds.has(refKey(record)) && !emailTakenBy(result.failed.get(record.eventRowIds[0] ?? -1)),
  );
  if (missed.length === 0) return [];
  const survivors = await survivorsOf(crm, missed.map(idOf));
  const followed = missed.filter((record) => {
    const survivor = survivors.get(idOf(record));
    return survivor !== undefined && survivor !== idOf(record);
  });
  const deleted = missed.filter((record) => !survivors.has(idOf(record)));
  for (const record of [...followed, ...deleted]) {
    for (const id of record.eventRowIds) result.failed.delete(id);
  }
  const survivorOf = (record: RecordWrite) => survivors.get(idOf(record)) ?? '';
  await updateById(write, followed, survivorOf);
  await keepAddressTaken(write, followed, survivorOf);
  return deleted;
};

/**
 * Says on the activity what became of a customer whose contact was deleted in HubSpot, and marks it
 * for its deals, invoices and company to be associated with the new one (reassociate.ts).
 */
const reportRecreated = (write: ContactWrite, deleted: RecordWrite[]) => {
  for (const record of deleted) {
    const now = write.result.hubspotIds.get(refKey(record));
    if (!now) continue;
    write.result.recreated.add(refKey(record));
    const was = write.knownIds.get(refKey(record)) ?? '';
    warn(
      write.result,
      record.eventRowIds,
      write.result.created.has(refKey(record))
        ? `HubSpot contact ${was} was deleted in HubSpot, so the customer's contact was created again as ${now}`
        : `HubSpot contact ${was} was deleted in HubSpot, so the customer is now linked to contact ${now}`,
    );
  }
};

/**
 * A round's contacts, one per customer whatever changes: found by the HubSpot id the product
 * remembers (following a merge), else by the unique `billbridge_stripe_customer_id`, else by
 * e-mail — upserted by it, so a lead already in HubSpot is the one that gets the billing data.
 * A contact deleted in HubSpot is made again, and the activity says so.
 */
export const writeContacts = async (write: ContactWrite, records: RecordWrite[]): Promise<void> => {
  const { crm, knownIds, keyed, result } = write;
  const contacts = keyed
    ? records.map((record) => ({
        ...record,
        properties: { ...record.properties, [customerIdProperty]: record.stripeObjectId },
      }))
    : records;
  const deleted = await writeLinked(
    write,
    contacts.filter((record) => knownIds.has(refKey(record))),
  );
  // A revenue-only update (no address, decision 073) cannot make a contact: the customer's next
  // change does.
  const unlinked = [
    ...contacts.filter((record) => !knownIds.has(refKey(record))),
    ...deleted.filter((record) => record.properties.email !== undefined),
  ];
  const found = keyed
    ? await foundByCustomerId(
        crm,
        unlinked.filter((record) => !record.newCustomer),
      )
    : new Map<string, string>();
  const holderOf = (record: RecordWrite) => found.get(record.stripeObjectId.toLowerCase()) ?? '';
  const held = unlinked.filter((record) => holderOf(record));
  await updateById(write, held, holderOf);
  await keepAddressTaken(write, held, holderOf);
  await upsertRecords(
    crm,
    'contacts',
    unlinked.filter((record) => !holderOf(record)),
    result,
  );
  reportRecreated(write, deleted);
};
