import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §2: each card shows whether the source or destination is enabled. */
export const EnabledBadge = ({ enabled }: { enabled: boolean }) => {
  const { t } = useTranslation();
  return (
    <Badge color={enabled ? 'green' : 'gray'} variant="light">
      {enabled ? t('connections.enabled') : t('connections.disabled')}
    </Badge>
  );
};
