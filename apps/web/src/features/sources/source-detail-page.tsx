import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandStripe } from '@tabler/icons-react';
import { generatePath, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, sourceSyncToggles, type Source, type SourceSettings } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { BackfillPanel } from './backfill-panel.tsx';
import { ReconciliationPanel } from './reconciliation-panel.tsx';
import { RestrictedKeyForm } from './restricted-key-form.tsx';
import { SettingsFieldset } from './settings-fieldset.tsx';
import {
  SourceFiltersFields,
  filterValuesOf,
  filtersOfValues,
  metadataPairError,
  type FilterValues,
} from './source-filters-fields.tsx';
import { ConnectionPanel } from '../connections/connection-panel.tsx';
import { ConnectionDetailFrame } from '../connections/connection-detail-frame.tsx';
import { DeleteByIdDialog } from '../connections/delete-by-id-dialog.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import {
  useDeleteSource,
  useDisconnectSource,
  useSaveSource,
  useSource,
  useStartSourceConnection,
} from './source-queries.ts';

/** Spec §3: a source counts as connected when it has an account id. */
const isConnected = (source: Source) => source.auth.account_id !== '';

const YesNo = ({ value }: { value: boolean }) => {
  const { t } = useTranslation();
  return (
    <Badge color={value ? 'green' : 'gray'} variant="light">
      {value ? t('connections.yes') : t('connections.no')}
    </Badge>
  );
};

/** A key source: how it is connected and the endpoint it registered (Stripe said nothing more). */
const KeyFacts = ({ source }: { source: Source }) => {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="account-facts">
      <Text size="sm">{t('sources.restrictedKey.kind')}</Text>
      <Text size="sm">{t('sources.restrictedKey.kindKey')}</Text>
      <Text size="sm">{t('sources.restrictedKey.endpoint')}</Text>
      <Code>{source.auth.account_id}</Code>
    </SimpleGrid>
  );
};

/** What Stripe told us about the account when it was connected. */
const AccountFacts = ({ source }: { source: Source }) => {
  const { t } = useTranslation();
  if (source.connection_kind === 'restricted_key') return <KeyFacts source={source} />;
  const facts = [
    ['sources.account.detailsSubmitted', source.auth.details_submitted],
    ['sources.account.chargesEnabled', source.auth.charges_enabled],
    ['sources.account.payoutsEnabled', source.auth.payouts_enabled],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="account-facts">
      <Text size="sm">{t('sources.account.id')}</Text>
      <Code>{source.auth.account_id}</Code>
      <Text size="sm">{t('sources.account.type')}</Text>
      <Text size="sm">{source.auth.type || '—'}</Text>
      {facts.map(([key, value]) => (
        <Group key={key} gap="xs" style={{ gridColumn: 'span 2' }} justify="space-between">
          <Text size="sm">{t(key)}</Text>
          <YesNo value={value} />
        </Group>
      ))}
    </SimpleGrid>
  );
};

/** The Stripe account: connect, reconnect, disconnect, and what Stripe said about it. */
const SourceConnection = ({ subscriptionId, source }: { subscriptionId: string; source: Source }) => {
  const { t } = useTranslation();
  return (
    <ConnectionPanel
      logo={<IconBrandStripe size={24} aria-hidden />}
      title={t('sources.connection')}
      connected={isConnected(source)}
      needsReconnect={source.needs_reconnect}
      lostMessage={t('connections.health.sourceLost')}
      details={<AccountFacts source={source} />}
      connectLabel={t('sources.connect')}
      connectHint={t('sources.connectHint')}
      connectErrorTitle={t('sources.connectError')}
      disconnectErrorTitle={t('sources.disconnectError')}
      start={useStartSourceConnection(subscriptionId, source.id)}
      disconnect={useDisconnectSource(subscriptionId, source.id)}
      alternative={<RestrictedKeyForm subscriptionId={subscriptionId} sourceId={source.id} />}
      reconnectable={source.connection_kind !== 'restricted_key'}
    />
  );
};

type FormValues = { name: string; enabled: boolean; sync: SourceSettings['sync']; filters: FilterValues };

/** Name, the enable switch, what to sync; save once something changed, delete by typed id. */
const SourceForm = ({ subscriptionId, source }: { subscriptionId: string; source: Source }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveSource(subscriptionId, source.id);
  const remove = useDeleteSource(
    subscriptionId,
    source.id,
    () => void navigate(generatePath(routes.sourcesList, { id: subscriptionId })),
  );
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const connected = isConnected(source);
  const form = useForm<FormValues>({
    initialValues: {
      name: source.name,
      enabled: source.enabled,
      sync: source.settings.sync,
      filters: filterValuesOf(source.settings.filters),
    },
    onValuesChange: () => setSaved(false),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        name: values.name.trim(),
        enabled: values.enabled,
        settings: { sync: values.sync, filters: filtersOfValues(values.filters) },
      },
      {
        onSuccess: () => {
          form.resetDirty(values);
          setSaved(true);
        },
      },
    ),
  );

  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {saved && (
            <Alert color="green" role="status">
              {t('connections.saved')}
            </Alert>
          )}
          {save.isError && <CallErrorAlert title={t('sources.saveError')} error={save.error} />}
          <TextInput
            label={t('connections.name')}
            placeholder={t('connections.untitled')}
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <Text size="xs" c="dimmed">
            {t('connections.id')}: <Code>{source.id}</Code>
          </Text>
          <Switch
            label={t('connections.enabledSwitch')}
            description={connected ? undefined : t('connections.enableNeedsConnection')}
            disabled={!connected}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <SettingsFieldset legend={t('sources.syncTitle')}>
            {sourceSyncToggles.map((kind) => (
              <Switch
                key={kind}
                label={t(`sources.sync.${kind}`)}
                {...form.getInputProps(`sync.${kind}`, { type: 'checkbox' })}
              />
            ))}
          </SettingsFieldset>
          <SourceFiltersFields form={form} />
          <Group justify="space-between">
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('connections.delete')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!form.isDirty() || metadataPairError(form.getValues().filters)}
            >
              {t('connections.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {deleting && (
        <DeleteByIdDialog
          id={source.id}
          title={t('sources.deleteTitle')}
          errorTitle={t('sources.deleteError')}
          deleting={remove.isPending}
          error={remove.error}
          onDelete={() => remove.mutate()}
          onClose={() => setDeleting(false)}
        />
      )}
    </Card>
  );
};

/** Spec §2 "Source detail". */
export const SourceDetailPage = () => {
  const { t } = useTranslation();
  const { sourceId = '' } = useParams();
  const { subscription } = useCurrentSubscription();
  const query = useSource(subscription.id, sourceId);
  return (
    <ConnectionDetailFrame
      query={query}
      backTo={generatePath(routes.sourcesList, { id: subscription.id })}
      backLabel={t('sources.backToList')}
      notFoundMessage={t('sources.notFound')}
      maxWidth={640}
    >
      {(source) => (
        <>
          <PageTitle pageKey="sourceDetails" />
          <SourceConnection subscriptionId={subscription.id} source={source} />
          {/* Keyed by the connection: connecting or disconnecting re-reads the source and starts the form over. */}
          <SourceForm key={source.status} subscriptionId={subscription.id} source={source} />
          {isConnected(source) && (
            <>
              <BackfillPanel subscriptionId={subscription.id} sourceId={source.id} syncing={source.enabled} />
              <ReconciliationPanel
                subscriptionId={subscription.id}
                sourceId={source.id}
                syncing={source.enabled}
              />
            </>
          )}
        </>
      )}
    </ConnectionDetailFrame>
  );
};
