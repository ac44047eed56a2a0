import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reconciliationMessages, type Reconciliation } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { runStatusColor, useFailureReason } from './run-status.ts';
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
  const errorMessage = useErrorMessage();
  const latest = useReconciliation(subscriptionId, sourceId);
  const reconcile = useReconcileSource(subscriptionId, sourceId);
  const run = latest.data?.reconciliation ?? null;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="reconcile-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="reconcile-title">
            {t('sources.reconcile.title')}
          </Title>
          {run && (
            <Badge color={runStatusColor[run.status]}>{t(`sources.reconcile.status.${run.status}`)}</Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('sources.reconcile.explain')}
        </Text>
        {latest.isPending ? (
          <Loader size="sm" />
        ) : latest.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(latest.error)}
          </Alert>
        ) : run ? (
          <LastRun run={run} />
        ) : (
          <Text size="sm">{t('sources.reconcile.never')}</Text>
        )}
        {reconcile.isError && (
          <CallErrorAlert title={t('sources.reconcile.startError')} error={reconcile.error} />
        )}
        {run?.status !== 'running' && (
          <Group>
            <Button
              variant="light"
              loading={reconcile.isPending}
              disabled={!syncing}
              onClick={() => reconcile.mutate()}
            >
              {t('sources.reconcile.run')}
            </Button>
            {!syncing && (
              <Text size="xs" c="dimmed">
                {t('sources.reconcile.needsSyncing')}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
};
