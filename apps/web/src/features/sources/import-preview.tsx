import { Alert, Button, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportPreview as Preview } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useImportPreview } from './source-queries.ts';

const previewKinds = ['customers', 'subscriptions', 'invoices'] as const;

const Counts = ({ preview }: { preview: Preview }) => {
  const { t } = useTranslation();
  return (
    <Table aria-labelledby="preview-counts" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sources.preview.kind')}</Table.Th>
          <Table.Th ta="right">{t('sources.preview.inStripe')}</Table.Th>
          <Table.Th ta="right">{t('sources.preview.passing')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {previewKinds.map((kind) => (
          <Table.Tr key={kind} data-testid={`preview-${kind}`}>
            <Table.Td>{t(`sources.sync.${kind}`)}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {preview.counts[kind]}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {preview.passing[kind]}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

const Stages = ({ preview }: { preview: Preview }) => {
  const { t } = useTranslation();
  if (preview.stages.length === 0) return <Text size="sm">{t('sources.preview.noDeals')}</Text>;
  return (
    <Table aria-labelledby="preview-stages" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sources.preview.pipeline')}</Table.Th>
          <Table.Th>{t('sources.preview.stage')}</Table.Th>
          <Table.Th ta="right">{t('sources.preview.deals')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.stages.map((stage) => (
          <Table.Tr
            key={`${stage.hubspot_pipeline}/${stage.hubspot_stage}`}
            data-testid={`preview-stage-${stage.hubspot_stage}`}
          >
            <Table.Td ff="monospace">{stage.hubspot_pipeline}</Table.Td>
            <Table.Td ff="monospace">{stage.hubspot_stage}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {stage.deals}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

const Unmapped = ({ unmapped }: { unmapped: Preview['unmapped'] }) => {
  const { t } = useTranslation();
  if (unmapped.count === 0) return null;
  return (
    <Alert color="yellow" title={t('sources.preview.unmapped', { count: unmapped.count })}>
      <Stack gap={2}>
        {unmapped.subscriptions.map((subscription) => (
          <Text size="sm" key={subscription.id}>
            <Code>{subscription.id}</Code> {subscription.reason}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
};

const Sample = ({ sample }: { sample: Preview['sample'] }) => {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={520} label={t('sources.preview.sample')}>
      <Table verticalSpacing={4} data-testid="preview-sample">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sources.preview.objectType')}</Table.Th>
            <Table.Th>{t('sources.preview.stripeId')}</Table.Th>
            <Table.Th>{t('sources.preview.properties')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sample.map((record) => (
            <Table.Tr key={`${record.object_type}:${record.stripe_id}`}>
              <Table.Td>{t(`sources.preview.object.${record.object_type}`)}</Table.Td>
              <Table.Td ff="monospace">{record.stripe_id}</Table.Td>
              <Table.Td>
                {Object.entries(record.properties).map(([name, value]) => (
                  <Text size="xs" ff="monospace" key={name}>
                    {name}: {value}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
};

const PreviewBody = ({ preview }: { preview: Preview }) => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={3} size="h5" id="preview-counts">
        {t('sources.preview.counts')}
      </Title>
      <Counts preview={preview} />
      <Text size="sm" data-testid="preview-contacts">
        {t('sources.preview.contacts', {
          existing: preview.contacts.existing,
          withEmail: preview.contacts.with_email,
        })}
      </Text>
      <Title order={3} size="h5" id="preview-stages">
        {t('sources.preview.stages')}
      </Title>
      <Stages preview={preview} />
      <Unmapped unmapped={preview.unmapped} />
      <Title order={3} size="h5">
        {t('sources.preview.sample')}
      </Title>
      <Sample sample={preview.sample} />
    </>
  );
};

/**
 * The preview before a source's first import (issue 34 §3, decision 070): what Stripe has, what
 * the portal already has, where deals would land, and ten records as they would be written; then
 * "Import", or "Not now" (the import stays a button away).
 */
export const ImportPreview = ({
  subscriptionId,
  sourceId,
  importing,
  onImport,
  onNotNow,
}: {
  subscriptionId: string;
  sourceId: string;
  importing: boolean;
  onImport: () => void;
  onNotNow: () => void;
}) => {
  const { t } = useTranslation();
  const query = useImportPreview(subscriptionId, sourceId, true);
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Title order={3} size="h5">
        {t('sources.preview.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sources.preview.explain')}
      </Text>
      {query.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('sources.preview.loading')}</Text>
        </Group>
      ) : query.isError ? (
        <CallErrorAlert title={t('sources.preview.loadError')} error={query.error} />
      ) : (
        <PreviewBody preview={query.data.preview} />
      )}
      <Group>
        <Button loading={importing} onClick={onImport}>
          {t('sources.preview.import')}
        </Button>
        <Button variant="default" onClick={onNotNow} disabled={importing}>
          {t('sources.preview.notNow')}
        </Button>
      </Group>
    </Stack>
  );
};
