import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivityStatus } from '@billbridge/contract';

/** Spec §9 "Recent activity status colours"; a held event waits, so it is orange, not a failure. */
const statusColors: Record<ActivityStatus, string> = {
  success: 'green',
  warning: 'yellow',
  failure: 'red',
  pending: 'gray',
  filtered: 'violet',
};

export const ActivityStatusBadge = ({ status, held = false }: { status: ActivityStatus; held?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Badge color={held ? 'orange' : statusColors[status]} variant="light">
      {held ? t('activityLog.held') : t(`dashboard.status.${status}`)}
    </Badge>
  );
};
