import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a route fails to render or its chunk fails to load (typically a deploy replaced the
 * files under an open tab); a reload fetches the new ones.
 */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center">
        <Title order={3}>{t('errors.unknown')}</Title>
        <Text c="dimmed">{error instanceof Error ? error.message : null}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Center>
  );
};
