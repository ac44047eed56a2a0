import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reconciliationMessages, type Reconciliation } from '@billbridge/contract';
import { useFailureReason } from './run-status.ts';
import { RunPanel } from './run-panel.tsx';
import { RunTime } from './run-time.tsx';
import { useReconcileSource, useReconciliation } from './source-queries.ts';

const LastRun = ({ run }: { run: Reconciliation }) => {
  const { t } = useTranslation();
  const failureReason = useFailureReason(reconciliationMessages);
  return (
    <>
      <Text size="sm" role="status">
        {t('sources.reconcile.result', { checked: run.checked, differences: run.differences })}
      </Text>
      <RunTime run={run} />
      {run.status === 'failed' && (
        <Alert color="red" role="alert" title={t('sources.reconcile.failed')}>
          {failureReason(run.error)}
        </Alert>
      )}
    </>
  );
};

/**
 * Reconciliation (decision 032): the source's Stripe objects compared with what HubSpot was given,
 * on the operator's schedule and here on demand, with the latest run's outcome.
 */
export const ReconciliationPanel = ({
  subscriptionId,
  sourceId,
  syncing,
}: {
  subscriptionId: string;
  sourceId: string;
  /** Connected and enabled: only then is a source reconciled. */
  syncing: boolean;
}) => {
  const { t } = useTranslation();
  const latest = useReconciliation(subscriptionId, sourceId);
  const reconcile = useReconcileSource(subscriptionId, sourceId);
  const run = latest.data?.reconciliation ?? null;

  return (
    <RunPanel
      id="reconcile"
      title={t('sources.reconcile.title')}
      status={run && { value: run.status, label: t(`sources.reconcile.status.${run.status}`) }}
      latest={latest}
      start={{
        label: t('sources.reconcile.run'),
        errorTitle: t('sources.reconcile.startError'),
        needsSyncing: t('sources.reconcile.needsSyncing'),
        isPending: reconcile.isPending,
        isError: reconcile.isError,
        error: reconcile.error,
        run: () => reconcile.mutate(),
      }}
      syncing={syncing}
      intro={
        <Text size="sm" c="dimmed">
          {t('sources.reconcile.explain')}
        </Text>
      }
    >
      {run ? <LastRun run={run} /> : <Text size="sm">{t('sources.reconcile.never')}</Text>}
    </RunPanel>
  );
};
