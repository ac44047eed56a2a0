import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  acceptsKind,
  fieldMappingObjects,
  fieldMappingProblem,
  isBuiltInProperty,
  newPropertyTypes,
  parseSource,
  propertyProblem,
  sourcesOfObject,
  stripeFields,
  type FieldMapping,
  type FieldMappingMessageKey,
  type FieldMappingObject,
  type HubSpotProperty,
  type NewPropertyType,
} from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useCreateDestinationProperty, useDestinationProperties } from './destination-queries.ts';

type FieldMappingTableProps = {
  subscriptionId: string;
  destinationId: string;
  connected: boolean;
  mappings: FieldMapping[];
  onChange: (mappings: FieldMapping[]) => void;
};

const newProperty = '__new__';
const metadataSuffix = '.metadata.';

type Draft = { object: FieldMappingObject; source: string; metadataKey: string; property: string };
const emptyDraft: Draft = { object: 'contacts', source: '', metadataKey: '', property: '' };

/** The Stripe value a draft names: a field, or `<object>.metadata.<key>`. */
const sourceOf = (draft: Draft) =>
  draft.source.endsWith(metadataSuffix) ? `${draft.source}${draft.metadataKey.trim()}` : draft.source;

/** A new property: its label and one of the types that take the chosen Stripe value. */
const NewPropertyForm = ({
  subscriptionId,
  destinationId,
  draft,
  onCreated,
}: {
  subscriptionId: string;
  destinationId: string;
  draft: Draft;
  onCreated: (property: HubSpotProperty) => void;
}) => {
  const { t } = useTranslation();
  const create = useCreateDestinationProperty(subscriptionId, destinationId);
  const kind = parseSource(sourceOf(draft))?.kind ?? 'metadata';
  const types = (Object.keys(newPropertyTypes) as NewPropertyType[]).filter((type) =>
    acceptsKind({ type, fieldType: newPropertyTypes[type] }, kind),
  );
  const [label, setLabel] = useState('');
  const [type, setType] = useState<NewPropertyType>(types[0] ?? 'string');
  return (
    <Stack gap="xs">
      {create.isError && (
        <CallErrorAlert title={t('destinations.fieldMappings.createError')} error={create.error} />
      )}
      <Group grow align="flex-end" wrap="wrap">
        <TextInput
          label={t('destinations.fieldMappings.newPropertyLabel')}
          value={label}
          maxLength={100}
          onChange={(event) => setLabel(event.currentTarget.value)}
          miw={180}
        />
        <Select
          allowDeselect={false}
          label={t('destinations.fieldMappings.newPropertyType')}
          data={types.map((value) => ({ value, label: t(`destinations.fieldMappings.types.${value}`) }))}
          value={types.includes(type) ? type : (types[0] ?? null)}
          onChange={(value) => setType((value ?? 'string') as NewPropertyType)}
          miw={160}
        />
        <Button
          variant="light"
          disabled={!label.trim()}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              {
                object: draft.object,
                label: label.trim(),
                type: types.includes(type) ? type : (types[0] ?? 'string'),
              },
              { onSuccess: ({ property }) => onCreated(property) },
            )
          }
        >
          {t('destinations.fieldMappings.create')}
        </Button>
      </Group>
    </Stack>
  );
};

/** The add form: object, Stripe value (field or metadata key), HubSpot property or a new one. */
const AddFieldMapping = ({
  subscriptionId,
  destinationId,
  mappings,
  properties,
  onAdd,
}: {
  subscriptionId: string;
  destinationId: string;
  mappings: FieldMapping[];
  properties: (object: FieldMappingObject) => HubSpotProperty[];
  onAdd: (mapping: FieldMapping) => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problem, setProblem] = useState<FieldMappingMessageKey>();
  const change = (patch: Partial<Draft>) => {
    setProblem(undefined);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const sourceOptions = sourcesOfObject[draft.object].map((of) => {
    const group = t(`destinations.fieldMappings.sources.${of}`);
    return {
      group,
      items: [
        {
          value: `${of}${metadataSuffix}`,
          label: t('destinations.fieldMappings.metadataOf', { source: group }),
        },
        ...Object.keys(stripeFields[of]).map((field) => ({
          value: `${of}.${field}`,
          label: `${of}.${field}`,
        })),
      ],
    };
  });
  const kind = parseSource(sourceOf(draft))?.kind;
  const usable = properties(draft.object).filter(
    (property) =>
      !property.readOnly &&
      !isBuiltInProperty(draft.object, property.name) &&
      (kind === undefined || acceptsKind(property, kind)),
  );
  const add = () => {
    const mapping: FieldMapping = {
      id: crypto.randomUUID(),
      object: draft.object,
      source: sourceOf(draft),
      property: draft.property,
    };
    const found =
      fieldMappingProblem(mapping, [...mappings, mapping]) ??
      propertyProblem(mapping, properties(draft.object));
    if (found) return setProblem(found);
    onAdd(mapping);
    setDraft({ ...emptyDraft, object: draft.object });
  };
  return (
    <Stack gap="sm" role="group" aria-label={t('destinations.fieldMappings.add')}>
      {problem && (
        <Alert color="red" role="alert" title={t('destinations.fieldMappings.errorTitle')}>
          {t(`serverMessages.${problem}`)}
        </Alert>
      )}
      <Group grow align="flex-start" wrap="wrap">
        <Select
          allowDeselect={false}
          label={t('destinations.fieldMappings.object')}
          data={fieldMappingObjects.map((object) => ({
            value: object,
            label: t(`destinations.fieldMappings.objects.${object}`),
          }))}
          value={draft.object}
          onChange={(value) => change({ ...emptyDraft, object: (value ?? 'contacts') as FieldMappingObject })}
          miw={160}
        />
        <Select
          allowDeselect={false}
          searchable
          label={t('destinations.fieldMappings.source')}
          data={sourceOptions}
          value={draft.source || null}
          onChange={(value) => change({ source: value ?? '', property: '' })}
          miw={200}
        />
        {draft.source.endsWith(metadataSuffix) && (
          <TextInput
            label={t('destinations.fieldMappings.metadataKey')}
            description={t('destinations.fieldMappings.metadataKeyHint')}
            value={draft.metadataKey}
            maxLength={40}
            onChange={(event) => change({ metadataKey: event.currentTarget.value })}
            miw={160}
          />
        )}
        <Select
          allowDeselect={false}
          searchable
          label={t('destinations.fieldMappings.property')}
          data={[
            { value: newProperty, label: t('destinations.fieldMappings.newProperty') },
            ...usable.map((property) => ({
              value: property.name,
              label: `${property.label} (${property.name})`,
            })),
          ]}
          value={draft.property || null}
          onChange={(value) => change({ property: value ?? '' })}
          miw={200}
        />
      </Group>
      {draft.property === newProperty && (
        <NewPropertyForm
          subscriptionId={subscriptionId}
          destinationId={destinationId}
          draft={draft}
          onCreated={(property) => change({ property: property.name })}
        />
      )}
      <Group justify="flex-end">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!draft.source || !draft.property || draft.property === newProperty}
          onClick={add}
        >
          {t('destinations.fieldMappings.add')}
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * Issue 34 §1: one table per HubSpot object of the Stripe values written to its properties, a
 * mapping whose property was deleted in HubSpot flagged, and the form that adds one. Saved with
 * the rest of the destination.
 */
export const FieldMappingTable = ({
  subscriptionId,
  destinationId,
  connected,
  mappings,
  onChange,
}: FieldMappingTableProps) => {
  const { t } = useTranslation();
  const query = useDestinationProperties(subscriptionId, destinationId, connected);
  const properties = (object: FieldMappingObject) =>
    query.data?.objects.find((entry) => entry.object === object)?.properties ?? [];
  const labelOf = (mapping: FieldMapping) =>
    properties(mapping.object).find((property) => property.name === mapping.property)?.label ??
    mapping.property;
  return (
    <Stack gap="sm" component="section" aria-labelledby="field-mappings-title">
      <Text fw={600} id="field-mappings-title">
        {t('destinations.fieldMappings.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {connected ? t('destinations.fieldMappings.hint') : t('destinations.fieldMappings.connectFirst')}
      </Text>
      {query.isError && (
        <CallErrorAlert title={t('destinations.fieldMappings.propertiesError')} error={query.error} />
      )}
      {fieldMappingObjects.map((object) => {
        const own = mappings.filter((mapping) => mapping.object === object);
        const title = t(`destinations.fieldMappings.objects.${object}`);
        return (
          <TableScroll key={object} minWidth={320} label={title}>
            <Table striped withTableBorder>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('destinations.fieldMappings.source')}</Table.Th>
                  <Table.Th>{t('destinations.fieldMappings.property')}</Table.Th>
                  <Table.Th>{t('destinations.fieldMappings.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {own.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="dimmed">
                        {t('destinations.fieldMappings.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {own.map((mapping) => (
                  <Table.Tr key={mapping.id}>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {mapping.source}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        {labelOf(mapping)}
                        {query.data &&
                          propertyProblem(mapping, properties(object)) === 'fieldMappingPropertyGone' && (
                            <Badge color="orange" variant="light">
                              {t('destinations.fieldMappings.missingInPortal')}
                            </Badge>
                          )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={!connected}
                        onClick={() => onChange(mappings.filter((other) => other.id !== mapping.id))}
                        aria-label={t('destinations.fieldMappings.delete', {
                          source: mapping.source,
                          property: labelOf(mapping),
                        })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        );
      })}
      {connected && query.isPending && (
        <Text size="sm" c="dimmed">
          {t('destinations.fieldMappings.loading')}
        </Text>
      )}
      {connected && query.data && (
        <AddFieldMapping
          subscriptionId={subscriptionId}
          destinationId={destinationId}
          mappings={mappings}
          properties={properties}
          onAdd={(mapping) => onChange([...mappings, mapping])}
        />
      )}
    </Stack>
  );
};
