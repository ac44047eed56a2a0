import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { ConnectionStatusBadge } from './connection-status-badge.tsx';

/** What the panel needs of a mutation (start, whose variable says reconnect, or disconnect). */
type Action<Variables = undefined> = {
  mutate: (variables?: Variables) => void;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
};

export type ConnectionPanelProps = {
  logo: ReactNode;
  title: string;
  connected: boolean;
  needsReconnect: boolean;
  /** Why the provider let go of the connection, shown while it needs reconnecting. */
  lostMessage: string;
  /** What is connected, shown while connected. */
  details: ReactNode;
  connectLabel: string;
  connectHint: string;
  connectErrorTitle: string;
  disconnectErrorTitle: string;
  start: Action<boolean>;
  disconnect: Action;
  /** Another way to connect, offered beside the connect button (a source's restricted key). */
  alternative?: ReactNode;
  /** Whether the connection can be made again through `start` (a key source is disconnected first). */
  reconnectable?: boolean;
};

/**
 * Spec §2, §4 "Source or destination connection": Connect, or Reconnect and Disconnect. The server
 * lets go of the old connection on a reconnect and keeps the enable switch for the new one.
 */
export const ConnectionPanel = ({
  logo,
  title,
  connected,
  needsReconnect,
  lostMessage,
  details,
  connectLabel,
  connectHint,
  connectErrorTitle,
  disconnectErrorTitle,
  start,
  disconnect,
  alternative,
  reconnectable = true,
}: ConnectionPanelProps) => {
  const { t } = useTranslation();
  const busy = start.isPending || disconnect.isPending;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="connection-title">
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            {logo}
            <Title order={2} size="h4" id="connection-title">
              {title}
            </Title>
          </Group>
          <ConnectionStatusBadge connected={connected} needsReconnect={needsReconnect} />
        </Group>
        {needsReconnect && (
          <Alert color="orange" role="alert">
            {lostMessage}
          </Alert>
        )}
        {start.isError && <CallErrorAlert title={connectErrorTitle} error={start.error} />}
        {disconnect.isError && <CallErrorAlert title={disconnectErrorTitle} error={disconnect.error} />}
        {connected ? (
          <>
            {details}
            <Group>
              {reconnectable && (
                <Button variant="light" loading={busy} onClick={() => start.mutate(true)}>
                  {t('connections.reconnect')}
                </Button>
              )}
              <Button variant="default" color="red" disabled={busy} onClick={() => disconnect.mutate()}>
                {t('connections.disconnect')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {connectHint}
            </Text>
            <Group>
              <Button loading={busy} onClick={() => start.mutate()}>
                {connectLabel}
              </Button>
            </Group>
            {alternative}
          </>
        )}
      </Stack>
    </Card>
  );
};
