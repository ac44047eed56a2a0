import { useReducer, useState } from 'react';
import { Alert, Button, Card, Code, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { generatePath, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type Destination } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ConnectionPanel } from '../connections/connection-panel.tsx';
import { ConnectionDetailFrame } from '../connections/connection-detail-frame.tsx';
import { DeleteByIdDialog } from '../connections/delete-by-id-dialog.tsx';
import { HubspotLogo } from '../connections/hubspot-logo.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import {
  useDeleteDestination,
  useDestination,
  useRetryHeldActivities,
  useDestinationPipelines,
  useDisconnectDestination,
  useSaveDestination,
  useStartDestinationConnection,
} from './destination-queries.ts';
import {
  addRule,
  cancelEdit,
  changeDraft,
  deleteRule,
  editRule,
  moveRule,
  openEditor,
  saveEdit,
  type MappingEditor,
  type RuleDraft,
} from './mapping-editor.ts';
import { MappingTable, type MappingActions } from './mapping-table.tsx';
import { RulesImpact } from './rules-impact.tsx';
import { FieldMappingTable } from './field-mapping-table.tsx';
import { FieldMappingsImpact } from './field-mappings-impact.tsx';

type EditorAction =
  | { type: 'add' }
  | { type: 'edit' | 'remove'; index: number }
  | { type: 'change'; patch: Partial<RuleDraft> }
  | { type: 'save' | 'cancel' }
  | { type: 'move'; index: number; by: -1 | 1 };

const reduceEditor = (editor: MappingEditor, action: EditorAction): MappingEditor => {
  switch (action.type) {
    case 'add':
      return addRule(editor, crypto.randomUUID());
    case 'edit':
      return editRule(editor, action.index);
    case 'remove':
      return deleteRule(editor, action.index);
    case 'change':
      return changeDraft(editor, action.patch);
    case 'save':
      return saveEdit(editor);
    case 'cancel':
      return cancelEdit(editor);
    case 'move':
      return moveRule(editor, action.index, action.by);
  }
};

/** Events held for currencies the portal lacks: what to turn on in HubSpot, and a retry once it is. */
const MissingCurrenciesAlert = ({ subscriptionId, codes }: { subscriptionId: string; codes: string[] }) => {
  const { t } = useTranslation();
  const retry = useRetryHeldActivities(subscriptionId);
  const names = codes.join(', ');
  return (
    <Alert color="orange" role="alert" title={t('destinations.missingCurrenciesTitle', { codes: names })}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('destinations.missingCurrencies', { codes: names })}</Text>
        <Button
          size="xs"
          variant="white"
          color="orange"
          loading={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {t('destinations.retryHeld')}
        </Button>
        {retry.isSuccess && (
          <Text size="sm" role="status">
            {t('destinations.retriedHeld', { count: retry.data.retried })}
          </Text>
        )}
        {retry.isError && <CallErrorAlert title={t('destinations.retryHeldError')} error={retry.error} />}
      </Stack>
    </Alert>
  );
};

/** Features the portal's grant leaves out (connected before they were asked for): reconnect for them. */
const MissingFeaturesAlert = ({ features }: { features: Destination['missing_features'] }) => {
  const { t } = useTranslation();
  const names = features.map((feature) => t(`destinations.feature.${feature}`)).join('; ');
  return (
    <Alert color="blue" role="alert" title={t('destinations.missingFeaturesTitle')}>
      <Text size="sm">{t('destinations.missingFeatures', { features: names })}</Text>
    </Alert>
  );
};

/** The HubSpot portal: connect, reconnect, disconnect, and which portal it is. */
const DestinationConnection = ({
  subscriptionId,
  destination,
}: {
  subscriptionId: string;
  destination: Destination;
}) => {
  const { t } = useTranslation();
  return (
    <ConnectionPanel
      logo={<HubspotLogo size={24} />}
      title={t('destinations.connection')}
      connected={destination.connected}
      needsReconnect={destination.needs_reconnect}
      lostMessage={t('connections.health.destinationLost')}
      details={
        <>
          <Text size="sm">
            {t('destinations.portal')}: <Code>{destination.portal_id ?? '—'}</Code>
          </Text>
          {destination.missing_features.length > 0 && (
            <MissingFeaturesAlert features={destination.missing_features} />
          )}
          {destination.missing_currencies.length > 0 && (
            <MissingCurrenciesAlert subscriptionId={subscriptionId} codes={destination.missing_currencies} />
          )}
        </>
      }
      connectLabel={t('destinations.connect')}
      connectHint={t('destinations.connectHint')}
      connectErrorTitle={t('destinations.connectError')}
      disconnectErrorTitle={t('destinations.disconnectError')}
      start={useStartDestinationConnection(subscriptionId, destination.id)}
      disconnect={useDisconnectDestination(subscriptionId, destination.id)}
    />
  );
};

/** Name, the enable switch and the mapping rules, saved together once something changed. */
const DestinationForm = ({
  subscriptionId,
  destination,
}: {
  subscriptionId: string;
  destination: Destination;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveDestination(subscriptionId, destination.id);
  const remove = useDeleteDestination(
    subscriptionId,
    destination.id,
    () => void navigate(generatePath(routes.destinationsList, { id: subscriptionId })),
  );
  const pipelines = useDestinationPipelines(subscriptionId, destination.id, destination.connected);
  const [name, setName] = useState(destination.name);
  const [enabled, setEnabled] = useState(destination.enabled);
  const [editor, dispatch] = useReducer(
    reduceEditor,
    destination.settings.pipeline_mapping_rules,
    openEditor,
  );
  const [savedRules, setSavedRules] = useState(destination.settings.pipeline_mapping_rules);
  const [fieldMappings, setFieldMappings] = useState(destination.settings.field_mappings);
  const [savedFieldMappings, setSavedFieldMappings] = useState(destination.settings.field_mappings);
  const [companies, setCompanies] = useState(destination.settings.companies_from_domains);
  const [tasksOnFailedPayment, setTasksOnFailedPayment] = useState(
    destination.settings.tasks_on_failed_payment,
  );
  const [savedFields, setSavedFields] = useState({
    name: destination.name,
    enabled: destination.enabled,
    companies: destination.settings.companies_from_domains,
    tasksOnFailedPayment: destination.settings.tasks_on_failed_payment,
  });
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dirty =
    name !== savedFields.name ||
    enabled !== savedFields.enabled ||
    companies !== savedFields.companies ||
    tasksOnFailedPayment !== savedFields.tasksOnFailedPayment ||
    JSON.stringify(editor.rules) !== JSON.stringify(savedRules) ||
    JSON.stringify(fieldMappings) !== JSON.stringify(savedFieldMappings);
  const actions: MappingActions = {
    add: () => dispatch({ type: 'add' }),
    edit: (index) => dispatch({ type: 'edit', index }),
    change: (patch) => dispatch({ type: 'change', patch }),
    save: () => dispatch({ type: 'save' }),
    cancel: () => dispatch({ type: 'cancel' }),
    remove: (index) => dispatch({ type: 'remove', index }),
    move: (index, by) => dispatch({ type: 'move', index, by }),
  };
  const submit = () =>
    save.mutate(
      {
        name: name.trim(),
        enabled,
        settings: {
          pipeline_mapping_rules: editor.rules,
          field_mappings: fieldMappings,
          companies_from_domains: companies,
          tasks_on_failed_payment: tasksOnFailedPayment,
        },
      },
      {
        onSuccess: () => {
          setSavedFields({ name, enabled, companies, tasksOnFailedPayment });
          setSavedRules(editor.rules);
          setSavedFieldMappings(fieldMappings);
          setSaved(true);
        },
      },
    );

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        {saved && !dirty && (
          <Alert color="green" role="status">
            {t('connections.saved')}
          </Alert>
        )}
        {save.isError && <CallErrorAlert title={t('destinations.saveError')} error={save.error} />}
        {destination.connected && pipelines.isError && (
          <CallErrorAlert title={t('destinations.pipelinesError')} error={pipelines.error} />
        )}
        <TextInput
          label={t('connections.name')}
          placeholder={t('connections.untitled')}
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t('connections.id')}: <Code>{destination.id}</Code>
        </Text>
        <Switch
          label={t('connections.enabledSwitch')}
          description={destination.connected ? undefined : t('connections.enableNeedsConnection')}
          disabled={!destination.connected}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <Switch
          label={t('destinations.companiesFromDomains')}
          description={t('destinations.companiesFromDomainsHint')}
          checked={companies}
          onChange={(event) => setCompanies(event.currentTarget.checked)}
        />
        <Switch
          label={t('destinations.tasksOnFailedPayment')}
          description={t('destinations.tasksOnFailedPaymentHelp')}
          checked={tasksOnFailedPayment}
          onChange={(event) => setTasksOnFailedPayment(event.currentTarget.checked)}
        />
        <MappingTable
          editor={editor}
          actions={actions}
          pipelines={pipelines.data?.pipelines}
          connected={destination.connected}
        />
        {destination.connected && editor.editing === null && (
          <RulesImpact
            subscriptionId={subscriptionId}
            destinationId={destination.id}
            rules={editor.rules}
            unsaved={JSON.stringify(editor.rules) !== JSON.stringify(savedRules)}
            pipelines={pipelines.data?.pipelines}
          />
        )}
        <FieldMappingTable
          subscriptionId={subscriptionId}
          destinationId={destination.id}
          connected={destination.connected}
          mappings={fieldMappings}
          onChange={setFieldMappings}
        />
        {destination.connected && (
          <FieldMappingsImpact
            subscriptionId={subscriptionId}
            destinationId={destination.id}
            mappings={fieldMappings}
            unsaved={JSON.stringify(fieldMappings) !== JSON.stringify(savedFieldMappings)}
          />
        )}
        <Group justify="space-between">
          <Tooltip label={t('destinations.deleteWhileConnected')} disabled={!destination.connected}>
            <span>
              <Button
                color="red"
                variant="light"
                disabled={destination.connected}
                onClick={() => setDeleting(true)}
              >
                {t('connections.delete')}
              </Button>
            </span>
          </Tooltip>
          <Button
            loading={save.isPending}
            disabled={!dirty || save.isPending || editor.editing !== null}
            onClick={submit}
          >
            {t('connections.save')}
          </Button>
        </Group>
      </Stack>
      {deleting && (
        <DeleteByIdDialog
          id={destination.id}
          title={t('destinations.deleteTitle')}
          errorTitle={t('destinations.deleteError')}
          deleting={remove.isPending}
          error={remove.error}
          onDelete={() => remove.mutate()}
          onClose={() => setDeleting(false)}
        />
      )}
    </Card>
  );
};

/** Spec §2 "Destination detail". */
export const DestinationDetailPage = () => {
  const { t } = useTranslation();
  const { destinationId = '' } = useParams();
  const { subscription } = useCurrentSubscription();
  const query = useDestination(subscription.id, destinationId);
  return (
    <ConnectionDetailFrame
      query={query}
      backTo={generatePath(routes.destinationsList, { id: subscription.id })}
      backLabel={t('destinations.backToList')}
      notFoundMessage={t('destinations.notFound')}
      maxWidth={800}
    >
      {(destination) => (
        <>
          <PageTitle pageKey="destinationDetails" />
          <DestinationConnection subscriptionId={subscription.id} destination={destination} />
          {/* Keyed by the connection: connecting or disconnecting starts the form over from the server. */}
          <DestinationForm
            key={String(destination.connected)}
            subscriptionId={subscription.id}
            destination={destination}
          />
        </>
      )}
    </ConnectionDetailFrame>
  );
};
