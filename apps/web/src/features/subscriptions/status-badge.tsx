import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isKnownStatus, statusColor } from './subscription-status.ts';

export const StatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor(status)} variant="light">
      {isKnownStatus(status) ? t(`subscriptions.status.${status}`) : status}
    </Badge>
  );
};
