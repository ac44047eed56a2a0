import { invalidRequest, missingParam } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { base62 } from '../../shared/ids.ts';
import { buildMeter } from '../objects/meter.ts';
import { int, obj, oneOf, str, type Params } from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Meter, MeterEvent } from '../types.ts';

export const createMeter = (ctx: Ctx, params: Params): Meter => {
  const displayName = str(params, 'display_name');
  if (!displayName) throw missingParam('display_name');
  const eventName = str(params, 'event_name');
  if (!eventName) throw missingParam('event_name');
  const taken = Object.values(ctx.entry.objects.meters).some(
    (meter) => meter.event_name === eventName && meter.status === 'active',
  );
  if (taken)
    throw invalidRequest(`An active meter with event_name ${eventName} already exists.`, 'event_name');
  const aggregation = obj(params, 'default_aggregation');
  const meter = buildMeter({
    id: stripeId('mtr'),
    created: now(ctx),
    displayName,
    eventName,
    formula: (aggregation && oneOf(aggregation, 'formula', ['sum', 'count', 'last'] as const)) || 'sum',
    customerKey: str(obj(params, 'customer_mapping') ?? {}, 'event_payload_key') || 'stripe_customer_id',
    valueKey: str(obj(params, 'value_settings') ?? {}, 'event_payload_key') || 'value',
  });
  ctx.entry.objects.meters[meter.id] = meter;
  return meter;
};

const maxAgeSeconds = 35 * 86_400;

/** `POST /v1/billing/meter_events`: accepted as Stripe does (asynchronously processed), duplicates refused. */
export const createMeterEvent = (ctx: Ctx, params: Params): MeterEvent => {
  const eventName = str(params, 'event_name');
  if (!eventName) throw missingParam('event_name');
  const payload = obj(params, 'payload');
  if (!payload) throw missingParam('payload');
  const flatPayload: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid payload value for ${key}`, `payload[${key}]`);
    flatPayload[key] = value;
  }
  const meter = Object.values(ctx.entry.objects.meters).find(
    (candidate) => candidate.event_name === eventName,
  );
  const customerKey = meter?.customer_mapping.event_payload_key ?? 'stripe_customer_id';
  const valueKey = meter?.value_settings.event_payload_key ?? 'value';
  if (!flatPayload[customerKey]) throw missingParam(`payload[${customerKey}]`);
  if (flatPayload[valueKey] !== undefined && !Number.isFinite(Number(flatPayload[valueKey]))) {
    throw invalidRequest(`The value must be a number.`, `payload[${valueKey}]`);
  }
  const timestamp = int(params, 'timestamp') ?? now(ctx);
  if (timestamp < now(ctx) - maxAgeSeconds || timestamp > now(ctx) + 300) {
    throw invalidRequest(
      'Timestamp must be within the past 35 days and not more than 5 minutes in the future.',
      'timestamp',
    );
  }
  const identifier = str(params, 'identifier') || base62(20);
  const duplicate = ctx.entry.objects.meter_events.some(
    (event) => event.identifier === identifier && event.created > now(ctx) - 86_400,
  );
  if (duplicate) {
    throw invalidRequest(
      `An event with identifier ${identifier} already exists.`,
      'identifier',
      'meter_event_duplicate_identifier',
    );
  }
  const event: MeterEvent = {
    object: 'billing.meter_event',
    created: now(ctx),
    event_name: eventName,
    identifier,
    livemode: false,
    payload: flatPayload,
    timestamp,
  };
  ctx.entry.objects.meter_events.push(event);
  return event;
};
