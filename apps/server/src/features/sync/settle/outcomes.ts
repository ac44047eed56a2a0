import type { DestinationRow, StripeEventRow } from '../../../db/schema.ts';
import type { RoundPlan } from '../plan/plan-round.ts';
import type { DestinationWrite } from '../write/write-destination.ts';
import type { EventOutcome, LinkWrite, RoundSettlement } from './settle.ts';

/** What a round came to in one destination: its plan, and what writing it did or why it could not. */
export type DestinationRound = {
  destination: DestinationRow;
  plan: RoundPlan;
  write?: DestinationWrite;
  /** The portal or Stripe was out of reach: the events wait for a later round. */
  transient?: string;
};

/** Combines what every destination said about each event into one outcome per event. */
const outcomeOf = (eventRowId: number, rounds: DestinationRound[]): EventOutcome => {
  const warnings: string[] = [];
  let note: string | undefined;
  for (const round of rounds) {
    const broken = round.plan.broken.get(eventRowId);
    if (broken) return { kind: 'failed', reason: broken, final: true };
    const settled = round.plan.settled.get(eventRowId);
    if (settled?.status === 'warning') warnings.push(settled.reason);
    if (settled) {
      note = settled.reason;
      continue;
    }
    if (round.transient) return { kind: 'transient', reason: round.transient };
    const held = round.write?.held.get(eventRowId);
    if (held) return { kind: 'held', reason: held };
    const failure = round.write?.result.failed.get(eventRowId);
    if (failure) return { kind: 'failed', reason: failure };
    warnings.push(
      ...((round.write?.written ?? round.plan).warnings.get(eventRowId) ?? []),
      ...(round.write?.result.warnings.get(eventRowId) ?? []),
    );
  }
  return { kind: 'written', warnings: [...new Set(warnings)], note };
};

/** The links of the records a destination took: HubSpot's ids, and the state each was given. */
const linksOf = ({ destination, write }: DestinationRound): LinkWrite[] => {
  if (!write) return [];
  const { hubspotIds, failed } = write.result;
  return write.written.records.flatMap((record) => {
    const crmObjectId = hubspotIds.get(`${record.objectType}:${record.stripeObjectId}`);
    if (!crmObjectId || record.eventRowIds.every((id) => failed.has(id))) return [];
    return [
      {
        destinationId: destination.id,
        crmObjectType: record.objectType,
        stripeObjectId: record.stripeObjectId,
        crmObjectId,
        eventCreated: record.eventCreated,
        eventRank: record.eventRank ?? 0,
        eventId: record.eventId ?? null,
        parentStripeObjectId: record.parent?.stripeObjectId ?? null,
        ...(record.objectType === 'deals'
          ? { dealPipeline: record.properties.pipeline, dealStage: record.properties.dealstage }
          : {}),
      },
    ];
  });
};

/** What the round's destinations came to, as the settle step records it; none: the events wait. */
export const settlementOf = (
  subscriptionId: string,
  events: StripeEventRow[],
  rounds: DestinationRound[],
): RoundSettlement => ({
  subscriptionId,
  events,
  outcomes: new Map(
    events.map((event) => [event.id, rounds.length ? outcomeOf(event.id, rounds) : { kind: 'held' }]),
  ),
  links: rounds.flatMap(linksOf),
  unlinks: rounds.flatMap((round) =>
    (round.write?.result.archived ?? []).map((stripeObjectId) => ({
      destinationId: round.destination.id,
      crmObjectType: 'line_items',
      stripeObjectId,
    })),
  ),
  enabledCurrencies: [...new Set(rounds.flatMap((round) => round.write?.currenciesTurnedOn ?? []))],
});
