import { Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivitySummary, ActivityType } from '@billbridge/contract';
import { toggleType } from './chart-series.ts';
import { EventTypeFilterButton } from './event-type-filter-button.tsx';

/** Spec §2/§9: the event-type dropdown, "selected/total" on its button, a total per type, ≈15 rem high. */
export const EventTypeFilter = ({
  summary,
  selected,
  onChange,
}: {
  summary: ActivitySummary;
  selected: readonly ActivityType[];
  onChange: (selected: ActivityType[]) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <EventTypeFilterButton summary={summary} selected={selected} />
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <ScrollArea.Autosize mah="15rem" type="auto">
          <Stack gap="xs" role="group" aria-label={t('dashboard.summary.filterLabel')}>
            {summary.eventTypes.length === 0 && <Text size="sm">{t('dashboard.summary.noEvents')}</Text>}
            {summary.eventTypes.map((type) => (
              <Group key={type} justify="space-between" wrap="nowrap" gap="lg">
                <Checkbox
                  label={t(`dashboard.types.${type}`)}
                  checked={selected.includes(type)}
                  onChange={() => onChange(toggleType(selected, type))}
                />
                <Text size="sm" c="dimmed">
                  {summary.totals[type] ?? 0}
                </Text>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
};
