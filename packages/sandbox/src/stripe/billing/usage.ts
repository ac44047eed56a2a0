import type { AccountEntry, Price } from '../types.ts';

/** Aggregates a metered price's meter events for one customer over [start, end), as the meter's formula says. */
export const meteredQuantity = (
  entry: AccountEntry,
  price: Price,
  customerId: string,
  period: { start: number; end: number },
): number => {
  const meterId = price.recurring?.meter;
  const meter = meterId ? entry.objects.meters[meterId] : undefined;
  if (!meter) return 0;
  const values = entry.objects.meter_events
    .filter(
      (event) =>
        event.event_name === meter.event_name &&
        event.payload[meter.customer_mapping.event_payload_key] === customerId &&
        event.timestamp >= period.start &&
        event.timestamp < period.end,
    )
    .map((event) => Number(event.payload[meter.value_settings.event_payload_key] ?? 0));
  switch (meter.default_aggregation.formula) {
    case 'count':
      return values.length;
    case 'last':
      return values.at(-1) ?? 0;
    default:
      return values.reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0);
  }
};

export const unitAmount = (price: Price): number =>
  Number(price.unit_amount_decimal ?? price.unit_amount ?? 0);
