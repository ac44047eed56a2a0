import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { workspaceAuditKinds, type PageSize, type WorkspaceAuditKind } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { isRangeInverted } from '../activity-log/log-filters.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { auditQueryOf, exportQueryOf, noAuditFilters, type AuditFilters } from './audit-filters.ts';
import { useAuditExport, useAuditLog } from './audit-log-queries.ts';
import { AuditTable } from './audit-table.tsx';
import { DayRangeFields } from '../activity-log/day-range-fields.tsx';

type Person = { user_id: string; email: string };

/** Person, kind and day range; every change starts the list over at its first page. */
const FilterBar = ({
  filters,
  people,
  onChange,
}: {
  filters: AuditFilters;
  people: Person[];
  onChange: (filters: AuditFilters) => void;
}) => {
  const { t } = useTranslation();
  const all = { value: '', label: t('audit.all') };
  return (
    <Group align="flex-end" wrap="wrap" role="search" aria-label={t('audit.filters')}>
      <Select
        label={t('audit.person')}
        data={[all, ...people.map((person) => ({ value: person.user_id, label: person.email }))]}
        value={filters.actorUserId}
        onChange={(value) => onChange({ ...filters, actorUserId: value ?? '' })}
        allowDeselect={false}
        w={240}
      />
      <Select
        label={t('audit.kind')}
        data={[all, ...workspaceAuditKinds.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))]}
        value={filters.kind}
        onChange={(value) => onChange({ ...filters, kind: (value ?? '') as WorkspaceAuditKind | '' })}
        allowDeselect={false}
        searchable
        w={280}
      />
      <DayRangeFields
        filters={filters}
        onChange={onChange}
        fromLabel={t('audit.from')}
        toLabel={t('audit.to')}
      />
      <Button variant="subtle" onClick={() => onChange(noAuditFilters)}>
        {t('audit.clear')}
      </Button>
    </Group>
  );
};

/** The workspace's audit log (issue 36 §2): owners and admins, filtered, paged, exported as CSV. */
export const AuditLogPage = () => {
  const { t } = useTranslation();
  const { subscription } = useCurrentSubscription();
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(20);
  const inverted = isRangeInverted(filters);
  const log = useAuditLog(subscription.id, auditQueryOf(filters, page, pageSize));
  const download = useAuditExport(subscription.id);
  const changeFilters = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };
  return (
    <Stack gap="md">
      <PageTitle pageKey="auditLog" />
      <Text size="sm" c="dimmed">
        {t('audit.intro')}
      </Text>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <FilterBar filters={filters} people={log.data?.people ?? []} onChange={changeFilters} />
          <Group>
            <Button
              variant="light"
              disabled={inverted}
              loading={download.isPending}
              onClick={() => download.mutate(exportQueryOf(filters))}
            >
              {t('audit.download')}
            </Button>
          </Group>
          {download.isError && <CallErrorAlert title={t('audit.downloadError')} error={download.error} />}
          {inverted && (
            <Alert color="yellow" role="alert">
              {t('audit.invertedRange')}
            </Alert>
          )}
          {log.isPending && <SectionLoader />}
          {log.isError && <CallErrorAlert title={t('audit.loadError')} error={log.error} />}
          {log.data && !inverted && (
            <>
              {log.data.events.length === 0 ? (
                <Text c="dimmed">{t('audit.empty')}</Text>
              ) : (
                <AuditTable
                  events={log.data.events}
                  label={t('pages.auditLog')}
                  busy={log.isPlaceholderData}
                />
              )}
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
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
};
