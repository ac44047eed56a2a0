import { implement } from '../../functions/framework.ts';
import { loadDestination } from '../destinations/destination-store.ts';
import { movesToApi, stageMovesOf } from './stage-moves.ts';
import { newestSubscriptionEvents, storedStages, subscriptionOf } from './stored-subscriptions.ts';

/** What unsaved rules would do, from what is stored: no HubSpot call (decision 033). */
export const dryRunMappingRules = implement(
  'dryRunMappingRules',
  async ({ subscriptionId, destinationId, rules }, { app }) => {
    const { db } = app.database;
    await loadDestination(db, subscriptionId, destinationId);
    const subscriptions = (await newestSubscriptionEvents(db, subscriptionId)).map(subscriptionOf);
    const moves = stageMovesOf(subscriptions, rules, await storedStages(db, destinationId));
    return {
      subscriptions: subscriptions.length,
      rules: [...moves.matches].map(([ruleId, matches]) => ({ rule_id: ruleId, matches })),
      unmatched: moves.unmatched,
      moves: movesToApi(moves),
    };
  },
);
