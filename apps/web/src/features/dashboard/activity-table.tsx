import { Code, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecentActivity } from '@billbridge/contract';
import { fromEpochSeconds } from '../../lib/dates.ts';
import { useDates } from '../../lib/use-dates.ts';
import { ActivityStatusBadge } from './activity-status-badge.tsx';
import { activityReasonText } from './activity-reason.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** A time the server sent that is not a whole number of seconds shows the invalid-date text. */
const momentOf = (time: number) => (Number.isFinite(time) ? fromEpochSeconds(time) : undefined);

type Row = RecentActivity & { held?: boolean };

/**
 * Activities newest first, with why a warning or failure happened: the dashboard's recent activity
 * (spec §2) and the activity log, which adds its actions per row.
 */
export const ActivityTable = ({
  activities,
  label,
  empty,
  actions,
  busy = false,
}: {
  activities: Row[];
  label: string;
  empty: string;
  actions?: (item: Row) => ReactNode;
  /** The rows are the previous answer while a new filter or page loads: dimmed and marked busy. */
  busy?: boolean;
}) => {
  const { t } = useTranslation();
  const { formatDate, formatTime } = useDates();
  if (activities.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <TableScroll minWidth={560} label={label}>
      <Table
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={busy || undefined}
        style={busy ? { opacity: 0.5 } : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.recent.time')}</Table.Th>
            <Table.Th>{t('dashboard.recent.type')}</Table.Th>
            <Table.Th>{t('dashboard.recent.event')}</Table.Th>
            <Table.Th>{t('dashboard.recent.status')}</Table.Th>
            {actions && <Table.Th>{t('activityLog.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activities.map((item) => (
            <Table.Tr key={item.id} aria-label={item.eventID}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(momentOf(item.time))} {formatTime(momentOf(item.time))}
                </Text>
              </Table.Td>
              <Table.Td>{t(`dashboard.types.${item.type}`)}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{item.rawEventType}</Text>
                  <Code>{item.eventID}</Code>
                  {item.reason && (
                    <Text size="xs" c="dimmed">
                      {activityReasonText(t, item.reason)}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <ActivityStatusBadge status={item.status} held={item.held} />
              </Table.Td>
              {actions && <Table.Td>{actions(item)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
};
