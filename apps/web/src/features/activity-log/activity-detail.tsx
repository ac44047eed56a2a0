import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { ActivityStatusBadge } from '../dashboard/activity-status-badge.tsx';
import { activityReasonText } from '../dashboard/activity-reason.ts';
import { useActivityDetail, useRetryActivity } from './activity-log-queries.ts';
import { isRetriable } from './retriable.ts';

const crmObjects = ['contacts', 'deals', 'line_items', 'products', 'invoices'] as const;
const isCrmObject = (type: string): type is (typeof crmObjects)[number] =>
  (crmObjects as readonly string[]).includes(type);

/**
 * One event in full: its status and reason, HubSpot's last answer, what it became in each portal
 * (with a link into the portal), the Stripe payload as received, and a retry where it applies.
 */
export const ActivityDetail = ({
  subscriptionId,
  activityId,
  onClose,
}: {
  subscriptionId: string;
  activityId: string | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const detail = useActivityDetail(subscriptionId, activityId);
  const retry = useRetryActivity(subscriptionId);
  const data = detail.data;
  return (
    <Modal
      opened={activityId !== null}
      onClose={onClose}
      title={t('activityLog.detail.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('activityLog.detail.close') }}
    >
      {detail.isPending && <SectionLoader />}
      {detail.isError && <CallErrorAlert title={t('activityLog.detail.loadError')} error={detail.error} />}
      {data && (
        <Stack gap="md">
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={600}>{data.activity.rawEventType}</Text>
              <Code>{data.activity.eventID}</Code>
            </Stack>
            <ActivityStatusBadge status={data.activity.status} held={data.activity.held} />
          </Group>
          {data.activity.reason && <Text size="sm">{activityReasonText(t, data.activity.reason)}</Text>}
          {data.last_error && data.activity.status !== 'success' && (
            <Alert color="red" title={t('activityLog.detail.lastError')}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {data.last_error}
              </Text>
            </Alert>
          )}
          {isRetriable(data.activity) && (
            <Group>
              <Button color="orange" loading={retry.isPending} onClick={() => retry.mutate(data.activity.id)}>
                {t('activityLog.retry')}
              </Button>
              {retry.isSuccess && (
                <Text size="sm" role="status">
                  {t('activityLog.retried')}
                </Text>
              )}
            </Group>
          )}
          {retry.isError && <CallErrorAlert title={t('activityLog.retryError')} error={retry.error} />}
          <section aria-label={t('activityLog.detail.writes')}>
            <Title order={3} size="h5" mb="xs">
              {t('activityLog.detail.writes')}
            </Title>
            {data.writes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('activityLog.detail.noWrites')}
              </Text>
            ) : (
              <Table withTableBorder>
                <Table.Tbody>
                  {data.writes.map((write) => (
                    <Table.Tr key={`${write.destination_id}:${write.object_type}:${write.object_id ?? ''}`}>
                      <Table.Td>{write.destination_name || t('activityLog.detail.unnamed')}</Table.Td>
                      <Table.Td>
                        {isCrmObject(write.object_type)
                          ? t(`activityLog.objects.${write.object_type}`)
                          : write.object_type}
                      </Table.Td>
                      <Table.Td>
                        {write.url ? (
                          <Anchor href={write.url} target="_blank" rel="noreferrer">
                            {write.object_id}
                          </Anchor>
                        ) : (
                          <Code>{write.object_id ?? '—'}</Code>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </section>
          <section aria-label={t('activityLog.detail.payload')}>
            <Title order={3} size="h5" mb="xs">
              {t('activityLog.detail.payload')}
            </Title>
            {!data.payload_kept && (
              <Text size="sm" c="dimmed" mb="xs">
                {t('activityLog.detail.payloadGone')}
              </Text>
            )}
            {/* Focusable, so a keyboard user scrolls a long payload with the arrows (WCAG 2.1.1). */}
            <ScrollArea.Autosize mah={320} type="auto" viewportProps={{ tabIndex: 0 }}>
              <Code block>{JSON.stringify(data.payload, null, 2)}</Code>
            </ScrollArea.Autosize>
          </section>
        </Stack>
      )}
    </Modal>
  );
};
