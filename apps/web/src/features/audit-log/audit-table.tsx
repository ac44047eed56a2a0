import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { auditValueText, type AuditEvent, type SecurityEvent } from '@billbridge/contract';
import { TableScroll } from '../../components/table-scroll.tsx';
import { fromEpochSeconds } from '../../lib/dates.ts';
import { useDates } from '../../lib/use-dates.ts';

type Row = AuditEvent | SecurityEvent;

const Changes = ({ changes }: { changes: Row['changes'] }) => {
  const { t } = useTranslation();
  const side = (value: unknown) => auditValueText(value) || t('audit.none');
  if (changes.length === 0) return <Text size="sm">{t('audit.none')}</Text>;
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {change.field && <Text span c="dimmed" size="sm">{`${change.field}: `}</Text>}
          {`${side(change.before)} → ${side(change.after)}`}
        </Text>
      ))}
    </Stack>
  );
};

/**
 * Audit events newest first: when, who, what and on what, before → after, and from which address
 * and browser. The profile's security events leave out who (always the viewer) and what on.
 */
export const AuditTable = ({
  events,
  label,
  busy = false,
  personal = false,
}: {
  events: Row[];
  label: string;
  busy?: boolean;
  personal?: boolean;
}) => {
  const { t } = useTranslation();
  const { formatDate, formatTime } = useDates();
  return (
    <TableScroll minWidth={personal ? 480 : 760} label={label}>
      <Table
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={busy || undefined}
        style={busy ? { opacity: 0.5 } : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.time')}</Table.Th>
            {!personal && <Table.Th>{t('audit.who')}</Table.Th>}
            <Table.Th>{t('audit.what')}</Table.Th>
            {!personal && <Table.Th>{t('audit.changes')}</Table.Th>}
            <Table.Th>{t('audit.origin')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(fromEpochSeconds(event.time))} {formatTime(fromEpochSeconds(event.time))}
                </Text>
              </Table.Td>
              {!personal && (
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {event.actor.email ?? t(`audit.actors.${event.actor.type}`)}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{t(`audit.kinds.${event.kind}`)}</Text>
                {event.target && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {`${t(`audit.targets.${event.target.type}`)}: ${event.target.name || event.target.id}`}
                  </Text>
                )}
              </Table.Td>
              {!personal && (
                <Table.Td>
                  <Changes changes={event.changes} />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{event.ip ?? t('audit.none')}</Text>
                {event.user_agent && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {event.user_agent}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
};
