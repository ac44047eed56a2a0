import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivitySummary, ActivityType } from '@billbridge/contract';

type EventTypeFilterButtonProps = ButtonProps &
  ComponentPropsWithRef<'button'> & { summary: ActivitySummary; selected: readonly ActivityType[] };

/**
 * The event-type filter's button, "selected/total": drawn with the page, while the dropdown (and
 * the floating-ui code it opens with) loads after the first render. `Popover.Target` passes its ref.
 */
export const EventTypeFilterButton = ({ summary, selected, ...props }: EventTypeFilterButtonProps) => {
  const { t } = useTranslation();
  const count = summary.eventTypes.filter((type) => selected.includes(type)).length;
  return (
    <Button variant="default" leftSection={<IconFilter size={16} />} {...props}>
      {t('dashboard.summary.filter', { selected: count, total: summary.eventTypes.length })}
    </Button>
  );
};
