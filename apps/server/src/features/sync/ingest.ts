import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { activity, source, stripeEvent, type SourceRow } from '../../db/schema.ts';
import { enqueueDrain } from './drain-job.ts';
import { eventKindOf } from './event-kinds.ts';
import type { EventState } from './event-states.ts';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export type IngestOutcome = 'stored' | 'duplicate';

/** The object an event is about: what ordering and the CRM link are keyed on. */
const objectIdOf = (event: Stripe.Event): string | null => {
  const object = event.data.object as { id?: unknown };
  return typeof object.id === 'string' ? object.id : null;
};

/** Why an event is recorded but never synced; undefined when it goes on to the gate. */
const ignoreReasonOf = (event: Stripe.Event, found: SourceRow | undefined): string | undefined => {
  if (!found) return 'No source is connected to this Stripe account';
  if (found.livemode && !event.livemode) return 'Test-mode event on a live source';
  return undefined;
};

/**
 * Stores a verified Stripe event in the inbox and, in the same transaction, the job that syncs it
 * (ARCHITECTURE §7.1): once this returns, the event survives any crash. A known event id is a
 * duplicate delivery and changes nothing.
 */
export const ingestStripeEvent = async (context: AppContext, event: Stripe.Event): Promise<IngestOutcome> =>
  context.database.db.transaction(async (tx) => {
    const accountId = event.account ?? 'platform';
    const [found] = await tx.select().from(source).where(eq(source.accountId, accountId)).limit(1);
    const ignoreReason = ignoreReasonOf(event, found);
    const state: EventState = ignoreReason ? 'ignored' : 'received';
    const [inserted] = await tx
      .insert(stripeEvent)
      .values({
        accountId,
        eventId: event.id,
        type: event.type,
        livemode: event.livemode,
        created: event.created,
        objectId: objectIdOf(event),
        payload: event as unknown as Record<string, unknown>,
        sourceId: found?.id ?? null,
        subscriptionId: found?.subscriptionId ?? null,
        state,
        lastError: ignoreReason ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    if (!inserted) return 'duplicate';
    if (event.type === 'account.application.deauthorized' && found) await markDeauthorized(tx, found.id);
    if (!found) return 'stored';
    if (ignoreReason) {
      await recordIgnored(tx, { id: inserted.id, subscriptionId: found.subscriptionId, event }, ignoreReason);
    } else {
      await enqueueDrain(context.queue, found.subscriptionId, { tx });
    }
    return 'stored';
  });

const recordIgnored = async (
  tx: Transaction,
  row: { id: number; subscriptionId: string; event: Stripe.Event },
  reason: string,
) => {
  await tx.insert(activity).values({
    subscriptionId: row.subscriptionId,
    stripeEventId: row.id,
    type: eventKindOf(row.event.type).type,
    rawEventType: row.event.type,
    eventId: row.event.id,
    time: new Date(row.event.created * 1000),
    status: 'warning',
    reason,
  });
};

/** The account revoked Billbridge's access in Stripe: the source is no longer connected. */
const markDeauthorized = async (tx: Transaction, sourceId: string) => {
  await tx
    .update(source)
    .set({
      accountId: null,
      enabled: false,
      auth: {},
      accessTokenSealed: null,
      refreshTokenSealed: null,
      updatedAt: new Date(),
    })
    .where(eq(source.id, sourceId));
};
