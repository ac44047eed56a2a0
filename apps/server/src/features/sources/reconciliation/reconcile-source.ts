import { implement } from '../../../functions/framework.ts';
import { recordAudit } from '../../../functions/audit-trail.ts';
import { loadSource } from '../source-store.ts';
import { beginReconciliation } from './begin-reconciliation.ts';
import { reconciliationToApi } from './reconciliation-to-api.ts';

/**
 * "Reconcile now": compares the source's Stripe objects with HubSpot (decision 032). A press while
 * one runs answers that one, and the audit log records only a reconciliation that started.
 */
export const reconcileSource = implement('reconcileSource', async ({ subscriptionId, sourceId }, call) => {
  const { app } = call;
  const row = await loadSource(app.database.db, subscriptionId, sourceId);
  const running = await app.database.db.transaction(async (tx) => {
    const { reconciliation, started } = await beginReconciliation(app, tx, row);
    const target = { type: 'source', id: row.id, name: row.name } as const;
    if (started) await recordAudit(tx, call, { kind: 'reconciliation.started', target });
    return reconciliation;
  });
  return { reconciliation: reconciliationToApi(running) };
});
