import { implement } from '../../functions/framework.ts';
import { loadSource } from '../sources/source-store.ts';
import { beginReconciliation } from './begin-reconciliation.ts';
import { reconciliationToApi } from './reconciliation-to-api.ts';

/** "Reconcile now": compares the source's Stripe objects with HubSpot (decision 032). */
export const reconcileSource = implement('reconcileSource', async ({ subscriptionId, sourceId }, { app }) => {
  const row = await loadSource(app.database.db, subscriptionId, sourceId);
  const started = await app.database.db.transaction((tx) => beginReconciliation(app, tx, row));
  return { reconciliation: reconciliationToApi(started) };
});
