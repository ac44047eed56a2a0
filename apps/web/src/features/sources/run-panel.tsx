import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { runStatusColor } from './run-status.ts';

type RunStatus = keyof typeof runStatusColor;

/**
 * The frame of a source's background run (an import, a reconciliation): its title and status, the
 * latest run (`children`) once read, and the button that starts one while none runs — only for a
 * connected, enabled source.
 */
export const RunPanel = ({
  id,
  title,
  status,
  latest,
  start,
  syncing,
  intro,
  children,
}: {
  id: string;
  title: string;
  /** The latest run's status and its label; null when there never was one. */
  status: { value: RunStatus; label: string } | null;
  latest: { isPending: boolean; isError: boolean; error: unknown };
  start: {
    label: string;
    errorTitle: string;
    needsSyncing: string;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    run: () => void;
  };
  syncing: boolean;
  /** What the run does, shown above it. */
  intro?: ReactNode;
  children: ReactNode;
}) => {
  const errorMessage = useErrorMessage();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {status && <Badge color={runStatusColor[status.value]}>{status.label}</Badge>}
        </Group>
        {intro}
        {latest.isPending ? (
          <Loader size="sm" />
        ) : latest.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(latest.error)}
          </Alert>
        ) : (
          children
        )}
        {start.isError && <CallErrorAlert title={start.errorTitle} error={start.error} />}
        {status?.value !== 'running' && (
          <Group>
            <Button variant="light" loading={start.isPending} disabled={!syncing} onClick={start.run}>
              {start.label}
            </Button>
            {!syncing && (
              <Text size="xs" c="dimmed">
                {start.needsSyncing}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
};
