import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { definePrepared } from '../../../db/prepared.ts';
import { noticeConnectionLost } from '../../connections/connection-lost.ts';
import { deauthorization, eventTypeOf } from '../events/event-types.ts';

export type IngestOutcome = 'stored' | 'duplicate';

const noSource = 'No source is connected to this Stripe account';
const testModeOnLive = 'Test-mode event on a live source';
const liveModeOnTest = 'Live-mode event on a test-mode source';
const staleDeauthorization = 'Deauthorization sent before the account was connected again';

/** The object an event is about: what ordering and the CRM link are keyed on. */
const objectIdOf = ({ data: { object } }: Stripe.Event): string | null =>
  'id' in object && typeof object.id === 'string' ? object.id : null;

/**
 * PostgreSQL's jsonb holds no U+0000, and Stripe passes text fields through as customers typed
 * them: each escaped NUL (`\u0000`, not an escaped backslash before `u0000`) becomes U+FFFD, so the
 * event is stored and synced instead of being refused at every retry.
 */
export const withoutNul = (json: string): string =>
  json.includes('\\u0000') ? json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd') : json;

type Inserted = {
  id: string;
  subscription_id: string | null;
  state: string;
  lost_source_id: string | null;
  lost_source_name: string | null;
};

/**
 * ONE statement, prepared once per connection (planning it costs more than running it): finds the
 * source by account, stores the event as `received` (the inbox row is the sync job, decision 010)
 * or `ignored` with the reason (an unknown account, the other mode than the source's, a
 * deauthorization older than the connection), logs an ignored event's activity, and on a current
 * `account.application.deauthorized` marks the source as needing a reconnection: its account goes,
 * its switch and settings stay. A known event id inserts nothing.
 */
const storeEvent = definePrepared<Inserted>(
  'ingest_stripe_event',
  `with found as (
     select id, subscription_id, livemode, connected_at from source where account_id = $1 limit 1
   ),
   verdict as (
     select found.id as source_id, found.subscription_id,
       case when found.id is null then '${noSource}'
            when found.livemode and not $4::boolean then '${testModeOnLive}'
            when not found.livemode and $4::boolean then '${liveModeOnTest}'
            when $3::text = '${deauthorization}'
              and $5::bigint < floor(extract(epoch from found.connected_at)) then '${staleDeauthorization}'
       end as reason
     from (select 1) as one left join found on true
   ),
   inserted as (
     insert into stripe_event
       (account_id, event_id, type, livemode, created, object_id, payload, source_id, subscription_id, state, last_error)
     select $1::text, $2::text, $3::text, $4::boolean, $5::bigint, $6::text, $7::jsonb, source_id, subscription_id,
       case when reason is null then 'received' else 'ignored' end, reason
     from verdict
     on conflict (account_id, event_id) do nothing
     returning id, source_id, subscription_id, state, last_error
   ),
   ignored_activity as (
     insert into activity (subscription_id, stripe_event_id, type, raw_event_type, event_id, time, status, reason)
     select subscription_id, id, $8::text, $3::text, $2::text, $9::timestamptz, 'warning', last_error
     from inserted where state = 'ignored' and subscription_id is not null
   ),
   deauthorized as (
     update source set account_id = null, auth = '{}'::jsonb, connection_lost_at = now(), updated_at = now()
     where $3::text = '${deauthorization}'
       and id = (select source_id from inserted where state = 'received')
     returning id, name
   )
   select inserted.id, inserted.subscription_id, inserted.state,
     deauthorized.id as lost_source_id, deauthorized.name as lost_source_name
   from inserted left join deauthorized on true`,
);

/** The ingest's one statement for `event`: its row, or none for a known event id. */
export const storeStripeEvent = async (
  database: Database,
  event: Stripe.Event,
  payload: string,
): Promise<Inserted | undefined> => {
  const [row] = await storeEvent(database, [
    event.account ?? 'platform',
    event.id,
    event.type,
    event.livemode,
    event.created,
    objectIdOf(event),
    withoutNul(payload),
    eventTypeOf(event.type).activity,
    new Date(event.created * 1000).toISOString(),
  ]);
  return row;
};

/**
 * Stores a verified Stripe event in the inbox (ARCHITECTURE §7.1) in one round trip. A known event
 * id is a duplicate delivery and changes nothing. Once this returns, the event survives any crash.
 */
export const ingestStripeEvent = async (
  context: AppContext,
  event: Stripe.Event,
  /** The body as received (already verified): stored as is, no second serialisation. */
  payload: string = JSON.stringify(event),
): Promise<IngestOutcome> => {
  const row = await storeStripeEvent(context.database, event, payload);
  if (!row) return 'duplicate';
  if (row.lost_source_id && row.subscription_id) {
    await noticeConnectionLost(context, context.database.db, {
      subscriptionId: row.subscription_id,
      kind: 'source',
      id: row.lost_source_id,
      name: row.lost_source_name ?? '',
    });
  }
  if (row.state === 'received' && row.subscription_id) context.drains.nudge(row.subscription_id);
  return 'stored';
};
