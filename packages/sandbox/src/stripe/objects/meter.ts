import type { Meter } from '../types.ts';

export const buildMeter = (input: {
  id: string;
  created: number;
  displayName: string;
  eventName: string;
  formula: Meter['default_aggregation']['formula'];
  customerKey: string;
  valueKey: string;
}): Meter => ({
  id: input.id,
  object: 'billing.meter',
  created: input.created,
  customer_mapping: { event_payload_key: input.customerKey, type: 'by_id' },
  default_aggregation: { formula: input.formula },
  display_name: input.displayName,
  event_name: input.eventName,
  event_time_window: null,
  livemode: false,
  status: 'active',
  status_transitions: { deactivated_at: null },
  updated: input.created,
  value_settings: { event_payload_key: input.valueKey },
});
