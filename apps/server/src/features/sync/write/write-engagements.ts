import { and, desc, eq, gte, inArray, like, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { EngagementWrite } from '@billbridge/contract';
import type { Db } from '../../../db/client.ts';
import { crmEngagement, crmLink, stripeEvent, type DestinationRow } from '../../../db/schema.ts';
import { tasksOnFailedPayment } from '../../destinations/destination-store.ts';
import {
  RejectedCrmError,
  type CrmClient,
  type EngagementInput,
  type EngagementType,
} from '../../../providers/hubspot/hubspot-crm.ts';
import { chunks } from './write-batches.ts';
import { chargeReason, noteTextOf } from '../../inbox/mapping/map-payment.ts';

/** What writing a round's notes and tasks came to, per inbox event. */
export type EngagementResult = { failed: Map<number, string>; warnings: Map<number, string[]> };

/** The records a note is attached to, by HubSpot id. */
type Targets = { contact?: string; deal?: string; invoice?: string };

export const noRecordToAttach =
  'No HubSpot contact, deal or invoice of this payment was synced, so no note was written';

/** The note's text ends with the Stripe event's id: where it came from, and its key in the answer. */
const bodyOf = (engagement: EngagementWrite) =>
  `${noteTextOf(engagement)} (Stripe event ${engagement.stripeEventId})`;

/** How long before a failed invoice payment its failed charge may have come (Stripe sends both). */
const chargeWindowSeconds = 3600;

/**
 * A failed invoice payment carries no decline reason; the `charge.failed` Stripe sends with it does.
 * The customer's latest failed charge up to a minute after the invoice event gives the reason.
 */
const withChargeReasons = async (db: Db, engagements: EngagementWrite[]): Promise<EngagementWrite[]> => {
  const needing = engagements.filter(
    (each) => each.trouble === 'payment_failed' && each.invoiceId && !each.reason && each.customerId,
  );
  if (needing.length === 0) return engagements;
  const times = needing.map((each) => each.occurredAt);
  const customer = sql<string>`${stripeEvent.payload}->'data'->'object'->>'customer'`;
  const rows = await db
    .select({ created: stripeEvent.created, customer, payload: stripeEvent.payload })
    .from(stripeEvent)
    .where(
      and(
        eq(stripeEvent.type, 'charge.failed'),
        inArray(customer, [...new Set(needing.map((each) => each.customerId ?? ''))]),
        gte(stripeEvent.created, Math.min(...times) - chargeWindowSeconds),
        lte(stripeEvent.created, Math.max(...times) + 60),
      ),
    )
    .orderBy(desc(stripeEvent.created));
  return engagements.map((each) => {
    if (!needing.includes(each)) return each;
    const charge = rows.find(
      (row) =>
        row.customer === each.customerId &&
        row.created <= each.occurredAt + 60 &&
        row.created >= each.occurredAt - chargeWindowSeconds,
    );
    const reason = charge && chargeReason(charge.payload.data.object as Stripe.Charge);
    return reason ? { ...each, reason } : each;
  });
};

/** Events whose note (or task) this destination already has: a second delivery or a replay writes none. */
const alreadyWritten = async (
  db: Db,
  row: DestinationRow,
  engagements: EngagementWrite[],
  type: EngagementType,
) => {
  const ids = engagements.map((engagement) => engagement.stripeEventId);
  const rows = await db
    .select({ id: crmEngagement.stripeEventId })
    .from(crmEngagement)
    .where(
      and(
        eq(crmEngagement.destinationId, row.id),
        eq(crmEngagement.crmObjectType, type),
        inArray(crmEngagement.stripeEventId, ids),
      ),
    );
  return new Set(rows.map((each) => each.id));
};

/**
 * A dispute names its charge, not the customer: the customer is read from the charge's own events
 * in the inbox (Stripe sends `charge.*` events before any dispute of it).
 */
const customersOfCharges = async (db: Db, chargeIds: string[]): Promise<Map<string, string>> => {
  if (chargeIds.length === 0) return new Map();
  const rows = await db
    .select({ objectId: stripeEvent.objectId, payload: stripeEvent.payload })
    .from(stripeEvent)
    .where(and(inArray(stripeEvent.objectId, chargeIds), like(stripeEvent.type, 'charge.%')));
  return new Map(
    rows.flatMap((each) => {
      const customer = (each.payload.data.object as { customer?: unknown }).customer;
      return typeof customer === 'string' && each.objectId ? [[each.objectId, customer] as const] : [];
    }),
  );
};

/** HubSpot ids of the Stripe objects the notes name: those the round wrote, else the links. */
const hubspotIdsOf = async (
  db: Db,
  row: DestinationRow,
  engagements: EngagementWrite[],
  known: ReadonlyMap<string, string>,
): Promise<Map<string, string>> => {
  const ids = new Map(known);
  const wanted = engagements.flatMap((each) => [each.customerId, each.subscriptionId, each.invoiceId]);
  const missing = [...new Set(wanted)].filter(
    (id): id is string =>
      Boolean(id) && !['contacts', 'deals', 'invoices'].some((type) => ids.has(`${type}:${id}`)),
  );
  if (missing.length === 0) return ids;
  const links = await db
    .select()
    .from(crmLink)
    .where(and(eq(crmLink.destinationId, row.id), inArray(crmLink.stripeObjectId, missing)));
  for (const link of links) {
    if (link.crmObjectId) ids.set(`${link.crmObjectType}:${link.stripeObjectId}`, link.crmObjectId);
  }
  return ids;
};

const targetsOf = (engagement: EngagementWrite, ids: ReadonlyMap<string, string>): Targets => ({
  contact: engagement.customerId && ids.get(`contacts:${engagement.customerId}`),
  deal: engagement.subscriptionId && ids.get(`deals:${engagement.subscriptionId}`),
  invoice: engagement.invoiceId && ids.get(`invoices:${engagement.invoiceId}`),
});

const associationsOf = (targets: Targets): EngagementInput['associations'] => [
  ...(targets.contact ? [{ objectType: 'contacts' as const, id: targets.contact }] : []),
  ...(targets.deal ? [{ objectType: 'deals' as const, id: targets.deal }] : []),
];

type Ready = { engagement: EngagementWrite; targets: Targets };

/** Creates one kind of engagement in batches and remembers each, so it is never written twice. */
const createAll = async (
  db: Db,
  crm: CrmClient,
  row: DestinationRow,
  type: EngagementType,
  items: { ready: Ready; input: EngagementInput; key: string }[],
  result: EngagementResult,
) => {
  const keyProperty = type === 'notes' ? 'hs_note_body' : 'hs_task_body';
  for (const batch of chunks(items)) {
    let created: Map<string, string>;
    try {
      created = await crm.createEngagements(
        type,
        batch.map((item) => item.input),
        keyProperty,
      );
    } catch (error) {
      if (!(error instanceof RejectedCrmError)) throw error;
      for (const item of batch)
        for (const id of item.ready.engagement.eventRowIds) result.failed.set(id, error.message);
      continue;
    }
    const written = batch.flatMap((item) => {
      const id = created.get(item.key);
      return id ? [{ item, id }] : [];
    });
    if (written.length === 0) continue;
    await db
      .insert(crmEngagement)
      .values(
        written.map(({ item, id }) => ({
          destinationId: row.id,
          stripeEventId: item.ready.engagement.stripeEventId,
          crmObjectType: type,
          crmObjectId: id,
          stripeCustomerId: item.ready.engagement.customerId ?? null,
        })),
      )
      .onConflictDoNothing();
    const invoicePairs = written.flatMap(({ item, id }) =>
      item.ready.targets.invoice ? [{ from: id, to: item.ready.targets.invoice }] : [],
    );
    if (type === 'notes' && invoicePairs.length)
      await crm.associateEngagements('notes', 'invoices', invoicePairs);
  }
};

/** One engagement's create input, keyed by its text (which names the Stripe event). */
const inputOf = (ready: Ready, properties: (key: string) => Record<string, string>) => {
  const key = bodyOf(ready.engagement);
  const hs_timestamp = new Date(ready.engagement.occurredAt * 1000).toISOString();
  return {
    ready,
    key,
    input: { properties: { hs_timestamp, ...properties(key) }, associations: associationsOf(ready.targets) },
  };
};

const noteOf = (ready: Ready) => inputOf(ready, (key) => ({ hs_note_body: key }));

/** The deals' owners (`hubspot_owner_id`), read in one batch: a task goes to the account manager. */
const dealOwners = async (crm: CrmClient, dealIds: string[]): Promise<Map<string, string>> => {
  if (dealIds.length === 0) return new Map();
  const read = await crm.read('deals', [...new Set(dealIds)], 'hubspot_owner_id');
  return new Map(read.flatMap((deal) => (deal.key ? [[deal.id, deal.key] as const] : [])));
};

const taskOf = (ready: Ready, owners: ReadonlyMap<string, string>) => {
  const owner = ready.targets.deal ? owners.get(ready.targets.deal) : undefined;
  return inputOf(ready, (key) => ({
    hs_task_subject: ready.engagement.taskSubject ?? '',
    hs_task_body: key,
    hs_task_status: 'NOT_STARTED',
    hs_task_priority: 'HIGH',
    ...(owner ? { hubspot_owner_id: owner } : {}),
  }));
};

/**
 * Writes the round's notes about payment trouble (and tasks for failed payments where the
 * destination asks for them) after its records, so the contact, deal and invoice they attach to
 * exist. Each is written once per Stripe event (decision 068).
 */
export const writeEngagements = async (
  db: Db,
  crm: CrmClient,
  row: DestinationRow,
  engagements: EngagementWrite[],
  known: ReadonlyMap<string, string>,
): Promise<EngagementResult> => {
  const result: EngagementResult = { failed: new Map(), warnings: new Map() };
  if (engagements.length === 0) return result;
  const charges = await customersOfCharges(
    db,
    engagements.flatMap((each) => (!each.customerId && each.chargeId ? [each.chargeId] : [])),
  );
  const reasoned = await withChargeReasons(db, engagements);
  const named = reasoned.map((each) =>
    !each.customerId && each.chargeId && charges.has(each.chargeId)
      ? { ...each, customerId: charges.get(each.chargeId) }
      : each,
  );
  const ids = await hubspotIdsOf(db, row, named, known);
  const ready: Ready[] = [];
  for (const engagement of named) {
    const targets = targetsOf(engagement, ids);
    if (targets.contact || targets.deal) ready.push({ engagement, targets });
    else for (const id of engagement.eventRowIds) result.warnings.set(id, [noRecordToAttach]);
  }
  if (ready.length === 0) return result;
  const noteDone = await alreadyWritten(db, row, named, 'notes');
  const notes = ready.filter((each) => !noteDone.has(each.engagement.stripeEventId));
  await createAll(db, crm, row, 'notes', notes.map(noteOf), result);
  if (!tasksOnFailedPayment(row)) return result;
  const due = ready.filter(
    (each) => each.engagement.taskSubject && !result.failed.has(each.engagement.eventRowIds[0] ?? -1),
  );
  const taskDone = await alreadyWritten(db, row, named, 'tasks');
  const tasks = due.filter((each) => !taskDone.has(each.engagement.stripeEventId));
  if (tasks.length === 0) return result;
  const owners = await dealOwners(
    crm,
    tasks.flatMap((each) => each.targets.deal ?? []),
  );
  await createAll(
    db,
    crm,
    row,
    'tasks',
    tasks.map((each) => taskOf(each, owners)),
    result,
  );
  return result;
};
