import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, sourceTypes, type SourceType } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { useCreateSource } from './source-queries.ts';

const isSourceType = (value: string | undefined): value is SourceType =>
  (sourceTypes as readonly string[]).includes(value ?? '');

/**
 * Spec §2 route `/subscription/{id}/sources/new/{sourceType}/create`: creates a source of that type
 * and opens its detail page, in place of this address (Back does not create another). A type the
 * product does not have says so and leads to the type choice.
 */
export const SourceCreatePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sourceType } = useParams();
  const { subscription } = useCurrentSubscription();
  const create = useCreateSource(subscription.id);
  const known = isSourceType(sourceType);
  // Once per visit: a development re-run of the effect must not create a second source.
  const started = useRef(false);
  useEffect(() => {
    if (!known || started.current) return;
    started.current = true;
    create.mutate(undefined, {
      onSuccess: ({ sourceId }) =>
        void navigate(generatePath(routes.sourceDetails, { id: subscription.id, sourceId }), {
          replace: true,
        }),
    });
  }, [known, create, navigate, subscription.id]);

  return (
    <Stack maw={560}>
      <PageTitle pageKey="sourceCreate" />
      {!known && (
        <Alert color="yellow" title={t('sources.unknownType', { type: sourceType ?? '' })}>
          {t('sources.unknownTypeHint')}
        </Alert>
      )}
      {create.isError && <CallErrorAlert title={t('sources.createError')} error={create.error} />}
      {known && !create.isError && <SectionLoader />}
      {(!known || create.isError) && (
        <Group>
          <Button
            component={Link}
            to={generatePath(routes.sourceTypeSelection, { id: subscription.id })}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('sources.chooseType')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
