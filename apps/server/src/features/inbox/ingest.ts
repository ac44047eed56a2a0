import type Stripe from 'stripe';
import { activityReasons } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { definePrepared } from '../../db/prepared.ts';
import { isUnstorableValue } from '../../db/errors.ts';
import { turnBatch, type BatchLimit } from '../../db/turn-batch.ts';
import { deauthorization, eventTypeOf } from './event-types.ts';
import { rememberProductEvent } from './known-products.ts';

export type IngestOutcome = 'stored' | 'duplicate';

/** A source whose deauthorization was just stored: the caller tells its workspace (once). */
export type LostSource = { subscriptionId: string; id: string; name: string };

export type Ingested = { outcome: IngestOutcome; lostSource?: LostSource };

const noSource = 'No source is connected to this Stripe account';
const testModeOnLive = 'Test-mode event on a live source';
const liveModeOnTest = 'Live-mode event on a test-mode source';
const staleDeauthorization = 'Deauthorization sent before the account was connected again';
const unstorable = activityReasons.unstorableBody;

/** The object an event is about: what ordering and the CRM link are keyed on. */
const objectIdOf = ({ data: { object } }: Stripe.Event): string | null =>
  'id' in object && typeof object.id === 'string' ? object.id : null;

/** An escape a JSON string may hold but PostgreSQL's jsonb may not, after an even run of backslashes. */
const escaped = (pattern: string) => new RegExp(`(?<!\\\\)((?:\\\\\\\\)*)\\\\u(?:${pattern})`, 'gi');
/** U+0000; a high surrogate not followed by a low one; a low one not after a high one. */
const unstorableEscapes = [
  escaped('0000'),
  escaped('d[89ab][0-9a-f]{2}(?!\\\\ud[c-f][0-9a-f]{2})'),
  // The look-behind starts before the `\u` just matched: it sees the escape before this one.
  escaped('(?<!\\\\ud[89ab][0-9a-f]{2}\\\\u)d[c-f][0-9a-f]{2}'),
];

/**
 * PostgreSQL's jsonb holds no U+0000 and no lone UTF-16 surrogate (issue 38): each such escape (not
 * an escaped backslash before `u0000`) becomes U+FFFD. For the backfill's objects, which we
 * serialise ourselves; a webhook's body is never altered (`ingestStripeEvent` keeps it raw instead).
 */
export const storableJson = (json: string): string =>
  json.includes('\\u')
    ? unstorableEscapes.reduce((text, pattern) => text.replace(pattern, '$1\\ufffd'), json)
    : json;

type Stored = {
  id: string;
  account_id: string;
  event_id: string;
  subscription_id: string | null;
  state: string;
  lost_source_id: string | null;
  lost_source_name: string | null;
};

/**
 * ONE statement for any number of events, prepared once per connection (planning it costs more
 * than running it): finds each event's source by account, stores the event as `received` (the
 * inbox row is the sync job, decision 010) or `ignored` with the reason (an unknown account, the
 * other mode than the source's, a deauthorization older than the connection, a body jsonb cannot
 * hold), logs an ignored event's activity (a failure for the body, which no retry can mend), and
 * on a current `account.application.deauthorized` marks the source as needing a reconnection: its
 * account goes, its switch and settings stay. A known event id inserts nothing. The payloads come
 * as one JSON array of the bodies as received; a raw body only with its envelope as payload.
 */
const storeEvents = definePrepared<Stored>(
  'ingest_stripe_events',
  `with given as (
     select e.*, p.payload
     from unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::bigint[], $6::text[], $7::text[],
                 $9::text[])
            with ordinality as e (account_id, event_id, type, livemode, created, object_id, activity, raw_payload, n)
     join jsonb_array_elements($8::jsonb) with ordinality as p (payload, n) using (n)
   ),
   verdict as (
     select given.*, found.id as source_id, found.subscription_id,
       case when found.id is null then '${noSource}'
            when found.livemode and not given.livemode then '${testModeOnLive}'
            when not found.livemode and given.livemode then '${liveModeOnTest}'
            when given.type = '${deauthorization}'
              and given.created < floor(extract(epoch from found.connected_at)) then '${staleDeauthorization}'
            when given.raw_payload is not null then '${unstorable}'
       end as reason
     from given left join lateral (
       select id, subscription_id, livemode, connected_at from source where account_id = given.account_id limit 1
     ) as found on true
   ),
   inserted as (
     insert into stripe_event
       (account_id, event_id, type, livemode, created, object_id, payload, raw_payload, source_id, subscription_id,
        state, last_error)
     select account_id, event_id, type, livemode, created, object_id, payload, raw_payload, source_id, subscription_id,
       case when reason is null then 'received' else 'ignored' end, reason
     from verdict
     on conflict (account_id, event_id) do nothing
     returning id, account_id, event_id, type, created, source_id, subscription_id, state, last_error
   ),
   ignored_activity as (
     insert into activity (subscription_id, stripe_event_id, type, raw_event_type, event_id, time, status, reason)
     select inserted.subscription_id, inserted.id, verdict.activity, inserted.type, inserted.event_id,
       to_timestamp(inserted.created),
       case when inserted.last_error = '${unstorable}' then 'failure' else 'warning' end, inserted.last_error
     from inserted join verdict using (account_id, event_id)
     where inserted.state = 'ignored' and inserted.subscription_id is not null
   ),
   deauthorized as (
     update source set account_id = null, auth = '{}'::jsonb, connection_lost_at = now(), updated_at = now()
     where id in (select source_id from inserted where type = '${deauthorization}' and state = 'received')
     returning id, name, subscription_id
   ),
   lost_audit as (
     insert into audit_event (subscription_id, actor_type, kind, target_type, target_id, target_name)
     select subscription_id, 'system', 'source.connection_lost', 'source', id, name from deauthorized
   )
   select inserted.id, inserted.account_id, inserted.event_id, inserted.subscription_id, inserted.state,
     deauthorized.id as lost_source_id, deauthorized.name as lost_source_name
   from inserted left join deauthorized
     on deauthorized.id = inserted.source_id and inserted.type = '${deauthorization}'`,
);

/**
 * A verified delivery: the event and its body as received; `unstorable` once the database refused
 * that body, which is then kept as text beside its envelope.
 */
export type Delivery = { event: Stripe.Event; payload: string; unstorable?: boolean };

/**
 * What jsonb holds of an event whose body it refused: the envelope the ingest and the activity log
 * read (ids and strings Stripe writes itself), and the object's id and kind, none of its fields.
 */
const envelopeOf = (event: Stripe.Event): string => {
  const { object } = event.data;
  return JSON.stringify({
    id: event.id,
    object: event.object,
    type: event.type,
    account: event.account,
    livemode: event.livemode,
    created: event.created,
    data: { object: { id: objectIdOf(event), object: 'object' in object ? object.object : undefined } },
  });
};

const accountOf = (event: Stripe.Event) => event.account ?? 'platform';
const keyOf = (account: string, eventId: string) => `${account} ${eventId}`;

/**
 * The ingest's one statement for `deliveries`: each one's row, or none for a known event id (and
 * for the later copies of an event delivered twice in the batch).
 */
export const storeStripeEvents = async (
  database: Database,
  deliveries: Delivery[],
): Promise<(Stored | undefined)[]> => {
  const events = deliveries.map(({ event }) => event);
  const rows = await storeEvents(database, [
    events.map(accountOf),
    events.map(({ id }) => id),
    events.map(({ type }) => type),
    events.map(({ livemode }) => livemode),
    events.map(({ created }) => created),
    events.map(objectIdOf),
    events.map(({ type }) => eventTypeOf(type).activity),
    `[${deliveries.map((delivery) => (delivery.unstorable ? envelopeOf(delivery.event) : delivery.payload)).join(',')}]`,
    deliveries.map(({ payload, unstorable }) => (unstorable ? payload : null)),
  ]);
  const byKey = new Map(rows.map((row) => [keyOf(row.account_id, row.event_id), row]));
  return events.map((event) => {
    const key = keyOf(accountOf(event), event.id);
    const row = byKey.get(key);
    byKey.delete(key);
    return row;
  });
};

/**
 * A delivery stored alone; a body jsonb refuses (issue 38: Stripe passes on what customers typed)
 * is stored again with its raw text kept, so the delivery is answered 2xx and logged as failed
 * instead of answering 5xx at every retry for three days. Only a delivery run alone takes this
 * path: a refused batch is first run again delivery by delivery (`turnBatch`).
 */
const storeAlone = (database: Database, delivery: Delivery) =>
  storeStripeEvents(database, [delivery]).catch((error: unknown) => {
    if (delivery.unstorable || !isUnstorableValue(error)) throw error;
    return storeStripeEvents(database, [{ ...delivery, unstorable: true }]);
  });

/** A batch of several deliveries shares one statement; a lone one may keep its body raw. */
const storeBatch = (database: Database, deliveries: Delivery[]) =>
  deliveries.length === 1 && deliveries[0]
    ? storeAlone(database, deliveries[0])
    : storeStripeEvents(database, deliveries);

const batches = new WeakMap<Database, (delivery: Delivery) => Promise<Stored | undefined>>();
/** Bodies of up to 1 MB each: a batch's JSON array stays far below what one statement may carry. */
const batchLimit: BatchLimit<Delivery> = {
  maxSize: 4 * 1024 * 1024,
  sizeOf: ({ payload }) => payload.length,
};
/**
 * The deliveries of one turn of the event loop share one statement (a statement each, and a commit
 * each, were most of the webhook's cost under load). A deauthorization goes alone: the events after
 * it in the same batch would still find its source. Exported for `bench:ingest`, whose baseline
 * stores deliveries exactly this way.
 */
export const storeInTurn = (database: Database, delivery: Delivery): Promise<Stored | undefined> => {
  if (delivery.event.type === deauthorization) return storeAlone(database, delivery).then(([row]) => row);
  let store = batches.get(database);
  if (!store) {
    store = turnBatch((deliveries: Delivery[]) => storeBatch(database, deliveries), batchLimit);
    batches.set(database, store);
  }
  return store(delivery);
};

/**
 * Stores a verified Stripe event in the inbox (ARCHITECTURE §7.1) in one round trip, shared with the
 * deliveries of its turn (a product's event also updates the product kept for field mappings, one
 * statement more). A known event id is a duplicate delivery and changes nothing. Once this
 * returns, the event survives any crash. An `account.application.deauthorized` that cut a source
 * off returns that source as `lostSource`.
 */
export const ingestStripeEvent = async (
  context: AppContext,
  event: Stripe.Event,
  /** The body as received (already verified): stored as is, no second serialisation. */
  payload: string = JSON.stringify(event),
): Promise<Ingested> => {
  const row = await storeInTurn(context.database, { event, payload });
  if (!row) return { outcome: 'duplicate' };
  // Kept whatever the products toggle says: field mappings read products (decision 078).
  if (row.state === 'received') await rememberProductEvent(context.database.db, row.account_id, event);
  if (row.state === 'received' && row.subscription_id) context.drains.nudge(row.subscription_id);
  const lostSource =
    row.lost_source_id && row.subscription_id
      ? { subscriptionId: row.subscription_id, id: row.lost_source_id, name: row.lost_source_name ?? '' }
      : undefined;
  return { outcome: 'stored', lostSource };
};
