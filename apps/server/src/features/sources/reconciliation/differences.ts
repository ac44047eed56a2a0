import type { FieldMapping, PipelineMappingRule } from '@billbridge/contract';
import { refKey } from '../../../providers/hubspot/crm-records.ts';
import { mapWithFields } from '../../inbox/field-values.ts';
import type { Mapped } from '../../inbox/mapping/map-stripe.ts';

/** The state an object's link says HubSpot was given: the applied event's type and object. */
export type AppliedState = { type: string; object: unknown };

const mappedOrNothing = (
  type: string,
  object: unknown,
  rules: readonly PipelineMappingRule[],
  fieldMappings: readonly FieldMapping[],
) => {
  try {
    return mapWithFields(type, object, rules, fieldMappings);
  } catch {
    return undefined; // an object the mappers cannot read fails on its own path, not here
  }
};

/** What a mapping writes to HubSpot, in a canonical form: its records and associations. */
const fingerprintOf = (mapped: Mapped | undefined): string =>
  JSON.stringify([
    (mapped?.records ?? [])
      .map((record) =>
        JSON.stringify([
          record.objectType,
          record.id,
          record.status ?? null,
          Object.entries(record.properties).sort(([a], [b]) => a.localeCompare(b)),
          (record.mapped ?? []).map((value) => [value.property, value.value]).sort(),
        ]),
      )
      .sort(),
    (mapped?.associations ?? []).map((write) => `${refKey(write.from)}>${refKey(write.to)}`).sort(),
  ]);

/**
 * Whether a listed Stripe object would write something other than what HubSpot was given (decision
 * 032). Both sides are mapped with today's rules, so a change of rules alone is no difference (that
 * is `reevaluateDeals`' job); an object that maps to nothing has nothing to correct.
 */
export const differsFromApplied = (
  type: string,
  listed: unknown,
  applied: AppliedState | undefined,
  rules: readonly PipelineMappingRule[],
  /** The destination's field mappings: a changed mapped value (a metadata key edited) differs too. */
  fieldMappings: readonly FieldMapping[] = [],
): boolean => {
  const now = mappedOrNothing(type, listed, rules, fieldMappings);
  if (!now || now.records.length === 0) return false;
  if (!applied) return true;
  return (
    fingerprintOf(now) !== fingerprintOf(mappedOrNothing(applied.type, applied.object, rules, fieldMappings))
  );
};
