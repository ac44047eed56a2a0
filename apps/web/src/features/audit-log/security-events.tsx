import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useMySecurityEvents } from './audit-log-queries.ts';
import { AuditTable } from './audit-table.tsx';

/** The profile's security activity: the user's own sign-ins and sign-in changes, newest first. */
export const SecurityEvents = () => {
  const { t } = useTranslation();
  const events = useMySecurityEvents();
  return (
    <Card withBorder radius="md" p="lg" maw={640}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('audit.security.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('audit.security.intro')}
        </Text>
        {events.isPending && <SectionLoader />}
        {events.isError && (
          <Alert color="red" role="alert">
            {t('audit.security.loadError')}
          </Alert>
        )}
        {events.data &&
          (events.data.events.length === 0 ? (
            <Text c="dimmed">{t('audit.security.empty')}</Text>
          ) : (
            <AuditTable events={events.data.events} label={t('audit.security.title')} personal />
          ))}
      </Stack>
    </Card>
  );
};
