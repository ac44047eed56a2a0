import { invalidRequest, noSuch } from '../errors.ts';
import { createdMatches, newestFirst, paginate } from '../http/list.ts';
import { mutate, query, type Register } from '../http/route.ts';
import { getMeter } from '../lookup.ts';
import { createMeter, createMeterEvent } from '../ops/meters.ts';
import { str, stringList } from '../params.ts';

/** Charges (read-only), events, and Billing meters with their meter events. */
export const miscRoutes = (route: Register): void => {
  route('GET', '/v1/charges', (call) =>
    query(call, (ctx) => {
      const customer = str(call.params, 'customer');
      const intent = str(call.params, 'payment_intent');
      const charges = newestFirst(ctx.entry.objects.charges).filter(
        (charge) =>
          (!customer || charge.customer === customer) && (!intent || charge.payment_intent === intent),
      );
      return paginate(charges, call.params, '/v1/charges');
    }),
  );

  route('GET', '/v1/charges/:id', (call) =>
    query(call, (ctx) => {
      const charge = ctx.entry.objects.charges[call.path.id ?? ''];
      if (!charge) throw noSuch('charge', call.path.id ?? '');
      return charge;
    }),
  );

  route('GET', '/v1/events', (call) =>
    query(call, (ctx) => {
      const type = str(call.params, 'type');
      const types = stringList(call.params, 'types');
      if (type && types)
        throw invalidRequest('You may only specify one of these parameters: type, types.', 'types');
      const matchesType = (eventType: string): boolean => {
        if (types) return types.includes(eventType);
        if (!type) return true;
        if (type.endsWith('*')) return eventType.startsWith(type.slice(0, -1));
        return eventType === type;
      };
      const events = [...ctx.entry.events]
        .reverse()
        .filter((event) => matchesType(event.type) && createdMatches(call.params, event.created));
      return paginate(events, call.params, '/v1/events');
    }),
  );

  route('GET', '/v1/events/:id', (call) =>
    query(call, (ctx) => {
      const event = ctx.entry.events.find((candidate) => candidate.id === call.path.id);
      if (!event) throw noSuch('event', call.path.id ?? '');
      return event;
    }),
  );

  route('POST', '/v1/billing/meters', (call) => mutate(call, (ctx) => createMeter(ctx, call.params)));

  route('GET', '/v1/billing/meters', (call) =>
    query(call, (ctx) => {
      const status = str(call.params, 'status');
      const meters = newestFirst(ctx.entry.objects.meters).filter(
        (meter) => !status || meter.status === status,
      );
      return paginate(meters, call.params, '/v1/billing/meters');
    }),
  );

  route('GET', '/v1/billing/meters/:id', (call) =>
    query(call, (ctx) => getMeter(ctx, call.path.id ?? '', 'id')),
  );

  route('POST', '/v1/billing/meter_events', (call) =>
    mutate(call, (ctx) => createMeterEvent(ctx, call.params)),
  );
};
