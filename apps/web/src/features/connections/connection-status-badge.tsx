import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Connected, not connected, or lost on the provider's side and waiting to be connected again. */
export const ConnectionStatusBadge = ({
  connected,
  needsReconnect,
}: {
  connected: boolean;
  needsReconnect: boolean;
}) => {
  const { t } = useTranslation();
  if (connected) return <Badge color="green">{t('connections.connected')}</Badge>;
  if (needsReconnect) return <Badge color="orange">{t('connections.health.needsReconnect')}</Badge>;
  return <Badge color="gray">{t('connections.notConnected')}</Badge>;
};
