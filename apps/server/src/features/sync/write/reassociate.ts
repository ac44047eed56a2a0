import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { crmEngagement, crmLink, revenueFact } from '../../../db/schema.ts';
import { refKey, type WritePlan } from '../../../providers/hubspot/crm-records.ts';
import type { AssociationPair, CrmClient, EngagementType } from '../../../providers/hubspot/hubspot-crm.ts';
import { chunks, warn, type PlanResult } from './write-batches.ts';

/** What re-associating a round's recreated contacts needs (decision 075). */
export type Reassociation = {
  db: Db;
  crm: CrmClient;
  destinationId: string;
  /** The workspace whose `revenue_fact` rows say which customer each object belongs to. */
  workspace: string;
  plan: WritePlan;
  result: PlanResult;
};

/** The record a Stripe object of a revenue fact's kind becomes: a billing subscription a deal. */
const recordTypeOf = { subscription: 'deals', invoice: 'invoices' } as const;
/** What a customer's contact is associated with besides its company. */
type Moved = 'deals' | 'invoices' | EngagementType;
type Remembered = { customerId: string; objectType: Moved; crmObjectId: string; key: string };

/**
 * The deals and invoices this destination wrote for `customerIds`: the billing subscriptions and
 * invoices whose newest state names the customer (`revenue_fact`, kept for every object of the
 * workspace), by the HubSpot id their `crm_link` remembers.
 */
const rememberedOf = async (write: Reassociation, customerIds: string[]): Promise<Remembered[]> => {
  const rows = await write.db
    .select({
      customerId: revenueFact.stripeCustomerId,
      kind: revenueFact.kind,
      stripeObjectId: crmLink.stripeObjectId,
      crmObjectType: crmLink.crmObjectType,
      crmObjectId: crmLink.crmObjectId,
    })
    .from(revenueFact)
    .innerJoin(
      crmLink,
      and(
        eq(crmLink.destinationId, write.destinationId),
        eq(crmLink.stripeObjectId, revenueFact.stripeObjectId),
        inArray(crmLink.crmObjectType, Object.values(recordTypeOf)),
        isNotNull(crmLink.crmObjectId),
      ),
    )
    .where(
      and(
        eq(revenueFact.subscriptionId, write.workspace),
        inArray(revenueFact.kind, ['subscription', 'invoice']),
        inArray(revenueFact.stripeCustomerId, customerIds),
      ),
    );
  return rows.flatMap((row) => {
    const objectType = recordTypeOf[row.kind as keyof typeof recordTypeOf];
    if (objectType !== row.crmObjectType || !row.customerId || !row.crmObjectId) return [];
    const key = refKey({ objectType, stripeObjectId: row.stripeObjectId });
    return [{ customerId: row.customerId, objectType, crmObjectId: row.crmObjectId, key }];
  });
};

/**
 * The notes and tasks this destination wrote about `customerIds`' payments (`crm_engagement`
 * records the customer since decision 079). None is in the round's plan: they are written after it.
 */
const engagementsOf = async (write: Reassociation, customerIds: string[]): Promise<Remembered[]> => {
  const rows = await write.db
    .select({
      customerId: crmEngagement.stripeCustomerId,
      objectType: crmEngagement.crmObjectType,
      crmObjectId: crmEngagement.crmObjectId,
    })
    .from(crmEngagement)
    .where(
      and(
        eq(crmEngagement.destinationId, write.destinationId),
        inArray(crmEngagement.stripeCustomerId, customerIds),
      ),
    );
  return rows.flatMap(({ customerId, objectType, crmObjectId }) =>
    customerId && (objectType === 'notes' || objectType === 'tasks')
      ? [{ customerId, objectType, crmObjectId, key: `${objectType}:${crmObjectId}` }]
      : [],
  );
};

type ContactPair = AssociationPair & { eventRowIds: number[] };

/**
 * A customer whose contact was deleted in HubSpot gets a new one this round (write-contacts.ts);
 * its deals, invoices, notes and tasks lost their association with the old one. They are associated
 * with the new contact in the same round, in HubSpot's batch association endpoint (one call per 100
 * of a type), not only on their own next change. Those this round writes itself are associated by
 * the plan. A refusal (the deal deleted in HubSpot too) is a warning: the customer's own change was
 * written.
 */
export const reassociateRecreated = async (write: Reassociation): Promise<void> => {
  const { plan, result } = write;
  const contacts = plan.records.filter(
    (record) => record.objectType === 'contacts' && result.recreated.has(refKey(record)),
  );
  if (contacts.length === 0) return;
  const byCustomer = new Map(contacts.map((record) => [record.stripeObjectId, record]));
  const inPlan = new Set(plan.records.map(refKey));
  const customerIds = [...byCustomer.keys()];
  const pairs = new Map<Moved, ContactPair[]>();
  const owned = [...(await rememberedOf(write, customerIds)), ...(await engagementsOf(write, customerIds))];
  for (const remembered of owned) {
    const contact = byCustomer.get(remembered.customerId);
    const contactId = contact && result.hubspotIds.get(refKey(contact));
    if (!contact || !contactId || inPlan.has(remembered.key)) continue;
    const pair = { from: remembered.crmObjectId, to: contactId, eventRowIds: contact.eventRowIds };
    pairs.set(remembered.objectType, [...(pairs.get(remembered.objectType) ?? []), pair]);
  }
  for (const [objectType, ofType] of pairs) {
    for (const chunk of chunks(ofType)) {
      const answer = await write.crm.associate(objectType, 'contacts', chunk);
      for (const pair of answer.failed) {
        const eventRowIds = chunk.find((each) => each.from === pair.from)?.eventRowIds ?? [];
        warn(
          result,
          eventRowIds,
          `HubSpot ${objectType.replace(/s$/, '')} ${pair.from} was not associated with the new contact: ${answer.message ?? 'HubSpot refused the association'}`,
        );
      }
    }
  }
};
