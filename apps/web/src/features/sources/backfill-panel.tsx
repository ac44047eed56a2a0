import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backfillMessages, type Backfill } from '@billbridge/contract';
import { runStatusColor, useFailureReason } from './run-status.ts';
import { RunTime } from './run-time.tsx';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { kindStateOf } from './backfill-progress.ts';
import { ImportPreview } from './import-preview.tsx';
import { useBackfillProgress, useStartBackfill } from './source-queries.ts';

const KindRows = ({ backfill }: { backfill: Backfill }) => {
  const { t } = useTranslation();
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {backfill.kinds.map((kind) => {
          const state = kindStateOf(backfill, kind);
          return (
            <Table.Tr key={kind} data-testid={`backfill-${kind}`}>
              <Table.Td>{t(`sources.sync.${kind}`)}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {backfill.counts[kind] ?? 0}
              </Table.Td>
              <Table.Td w={140}>
                <Group gap={6} wrap="nowrap">
                  {state === 'importing' && <Loader size={12} aria-hidden />}
                  {state === 'imported' && <IconCheck size={14} aria-hidden />}
                  <Text size="sm" c={state === 'waiting' ? 'dimmed' : undefined}>
                    {t(`sources.backfill.kind.${state}`)}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
};

/**
 * The import of the source's existing objects (decision 012), live: counts per kind, the kind in
 * progress, done or failed with the reason, and a way to run it again. Before a syncing source's
 * first import, its preview (decision 070) until "Import" or "Not now".
 */
export const BackfillPanel = ({
  subscriptionId,
  sourceId,
  syncing,
}: {
  subscriptionId: string;
  sourceId: string;
  /** Connected and enabled: only then can an import run. */
  syncing: boolean;
}) => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const failureReason = useFailureReason(backfillMessages);
  const progress = useBackfillProgress(subscriptionId, sourceId);
  const start = useStartBackfill(subscriptionId, sourceId);
  const backfill = progress.data?.backfill ?? null;
  const [previewDismissed, setPreviewDismissed] = useState(false);
  const previewing = syncing && progress.isSuccess && !backfill && !previewDismissed;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="backfill-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="backfill-title">
            {t('sources.backfill.title')}
          </Title>
          {backfill && (
            <Badge color={runStatusColor[backfill.status]}>
              {t(`sources.backfill.status.${backfill.status}`)}
            </Badge>
          )}
        </Group>
        {progress.isPending ? (
          <Loader size="sm" />
        ) : progress.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(progress.error)}
          </Alert>
        ) : previewing ? (
          <ImportPreview
            subscriptionId={subscriptionId}
            sourceId={sourceId}
            importing={start.isPending}
            onImport={() => start.mutate()}
            onNotNow={() => setPreviewDismissed(true)}
          />
        ) : backfill ? (
          <>
            <KindRows backfill={backfill} />
            <RunTime run={backfill} />
            {backfill.status === 'failed' && (
              <Alert color="red" role="alert" title={t('sources.backfill.failed')}>
                {failureReason(backfill.error)}
              </Alert>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('sources.backfill.never')}
          </Text>
        )}
        {start.isError && <CallErrorAlert title={t('sources.backfill.startError')} error={start.error} />}
        {backfill?.status !== 'running' && !previewing && (
          <Group>
            <Button
              variant="light"
              loading={start.isPending}
              disabled={!syncing}
              onClick={() => start.mutate()}
            >
              {backfill ? t('sources.backfill.runAgain') : t('sources.backfill.run')}
            </Button>
            {!syncing && (
              <Text size="xs" c="dimmed">
                {t('sources.backfill.needsSyncing')}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
};
