import { Button, Card, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconBrandStripe } from '@tabler/icons-react';
import { generatePath, Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { useCreateSource } from './source-queries.ts';

/**
 * Spec §2 "Source type selection": one choice, Stripe. Picking it creates the source and opens its
 * detail page; both buttons are disabled while it is being created.
 */
export const SourceTypePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subscription } = useCurrentSubscription();
  const create = useCreateSource(subscription.id);
  const pick = () =>
    create.mutate(undefined, {
      onSuccess: ({ sourceId }) =>
        void navigate(generatePath(routes.sourceDetails, { id: subscription.id, sourceId })),
    });

  return (
    <Stack maw={560}>
      <PageTitle pageKey="sourceTypeSelection" />
      {create.isError && <CallErrorAlert title={t('sources.createError')} error={create.error} />}
      <Card withBorder radius="md" p={0}>
        <UnstyledButton
          p="lg"
          onClick={pick}
          disabled={create.isPending}
          style={{ opacity: create.isPending ? 0.6 : 1 }}
        >
          {/* Named by what it shows, the action said first (WCAG 2.5.3: the visible text is in the name). */}
          <VisuallyHidden>{t('sources.pickStripe')}</VisuallyHidden>
          <Group wrap="nowrap">
            <IconBrandStripe size={32} aria-hidden />
            <Stack gap={2}>
              <Text fw={600}>{t('sources.stripe')}</Text>
              <Text size="sm" c="dimmed">
                {t('sources.stripeDescription')}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
      </Card>
      <Group>
        <Button
          component={Link}
          to={generatePath(routes.sourcesList, { id: subscription.id })}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={create.isPending}
        >
          {t('sources.back')}
        </Button>
      </Group>
    </Stack>
  );
};
