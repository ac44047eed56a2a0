import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  activityLogStatuses,
  activityTypes,
  type ActivityLogStatus,
  type ActivityType,
  type PageSize,
} from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { ActivityTable } from '../dashboard/activity-table.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { ActivityDetail } from './activity-detail.tsx';
import { useActivityLog, useRetryActivity, useRetryFailed } from './activity-log-queries.ts';
import { isRetriable } from './retriable.ts';
import {
  firstLogPageSize,
  isRangeInverted,
  noFilters,
  queryOf,
  retryRangeOf,
  type LogFilters,
} from './log-filters.ts';
import { DayRangeFields } from './day-range-fields.tsx';

/** Status, type and day range; every change starts the list over at its first page. */
const FilterBar = ({
  filters,
  onChange,
}: {
  filters: LogFilters;
  onChange: (filters: LogFilters) => void;
}) => {
  const { t } = useTranslation();
  const statusLabel = (status: ActivityLogStatus) =>
    status === 'held' ? t('activityLog.held') : t(`dashboard.status.${status}`);
  return (
    <Group align="flex-end" wrap="wrap" role="search" aria-label={t('activityLog.filters')}>
      <Select
        label={t('activityLog.status')}
        data={[
          { value: '', label: t('activityLog.all') },
          ...activityLogStatuses.map((status) => ({ value: status, label: statusLabel(status) })),
        ]}
        value={filters.status}
        onChange={(value) => onChange({ ...filters, status: (value ?? '') as ActivityLogStatus | '' })}
        allowDeselect={false}
        w={160}
      />
      <Select
        label={t('dashboard.recent.type')}
        data={[
          { value: '', label: t('activityLog.all') },
          ...activityTypes.map((type) => ({ value: type, label: t(`dashboard.types.${type}`) })),
        ]}
        value={filters.type}
        onChange={(value) => onChange({ ...filters, type: (value ?? '') as ActivityType | '' })}
        allowDeselect={false}
        w={200}
      />
      <DayRangeFields
        filters={filters}
        onChange={onChange}
        fromLabel={t('activityLog.from')}
        toLabel={t('activityLog.to')}
      />
      <Button variant="subtle" onClick={() => onChange(noFilters)}>
        {t('activityLog.clear')}
      </Button>
    </Group>
  );
};

/** The activity log (issue 15): every event, filtered and paged, with its detail and retries. */
export const ActivityLogPage = () => {
  const { t } = useTranslation();
  const { subscription } = useCurrentSubscription();
  const [filters, setFilters] = useState<LogFilters>(noFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(firstLogPageSize);
  const [opened, setOpened] = useState<string | null>(null);
  const inverted = isRangeInverted(filters);
  const log = useActivityLog(subscription.id, queryOf(filters, page, pageSize));
  const retryOne = useRetryActivity(subscription.id);
  const retryFailed = useRetryFailed(subscription.id);
  const changeFilters = (next: LogFilters) => {
    setFilters(next);
    setPage(1);
  };
  return (
    <Stack gap="md">
      <PageTitle pageKey="activityLog" />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <FilterBar filters={filters} onChange={changeFilters} />
          <Group gap="sm">
            <Button
              color="orange"
              variant="light"
              disabled={inverted}
              loading={retryFailed.isPending}
              onClick={() => retryFailed.mutate(retryRangeOf(filters, Math.floor(Date.now() / 1000)))}
            >
              {t('activityLog.retryFailed')}
            </Button>
            {retryFailed.isSuccess && (
              <Text size="sm" role="status">
                {t('activityLog.retriedFailed', { count: retryFailed.data.retried })}
              </Text>
            )}
          </Group>
          {retryFailed.isError && (
            <CallErrorAlert title={t('activityLog.retryError')} error={retryFailed.error} />
          )}
          {retryOne.isError && <CallErrorAlert title={t('activityLog.retryError')} error={retryOne.error} />}
          {inverted && (
            <Alert color="yellow" role="alert">
              {t('activityLog.invertedRange')}
            </Alert>
          )}
          {log.isPending && <SectionLoader />}
          {log.isError && <CallErrorAlert title={t('activityLog.loadError')} error={log.error} />}
          {log.data && !inverted && (
            <AfterFirstPaint fallback={<SectionLoader />}>
              <ActivityTable
                activities={log.data.activities}
                busy={log.isPlaceholderData}
                label={t('pages.activityLog')}
                empty={t('activityLog.empty')}
                actions={(item) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setOpened(item.id)}>
                      {t('activityLog.details')}
                    </Button>
                    {isRetriable({ status: item.status, held: item.held ?? false, reason: item.reason }) && (
                      <Button
                        size="xs"
                        color="orange"
                        variant="light"
                        loading={retryOne.isPending && retryOne.variables === item.id}
                        onClick={() => retryOne.mutate(item.id)}
                      >
                        {t('activityLog.retry')}
                      </Button>
                    )}
                  </Group>
                )}
              />
              <ListPagination
                page={page}
                pageSize={pageSize}
                total={log.data.count}
                onPageChange={setPage}
                onPageSizeChange={(size) => {
                  setPageSize(size);
                  setPage(1);
                }}
              />
            </AfterFirstPaint>
          )}
        </Stack>
      </Card>
      <ActivityDetail subscriptionId={subscription.id} activityId={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
};
