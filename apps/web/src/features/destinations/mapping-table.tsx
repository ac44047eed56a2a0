import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  mappingRuleMessages,
  mappingStatuses,
  priceIdModes,
  type MappingStatus,
  type Pipeline,
  type PipelineMappingRule,
  type PriceIdMode,
} from '@billbridge/contract';
import type { MappingEditor, RuleDraft } from './mapping-editor.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

export type MappingActions = {
  add: () => void;
  edit: (index: number) => void;
  change: (patch: Partial<RuleDraft>) => void;
  save: () => void;
  cancel: () => void;
  remove: (index: number) => void;
  move: (index: number, by: -1 | 1) => void;
};

type MappingTableProps = {
  editor: MappingEditor;
  actions: MappingActions;
  /** Undefined while they load, or when the destination is not connected. */
  pipelines: Pipeline[] | undefined;
  connected: boolean;
};

type RuleErrorKey =
  `destinations.mapping.errors.${keyof typeof import('../../i18n/en.ts').en.destinations.mapping.errors}`;

/** The spec §5 texts, shown in the reader's language. */
const messageKeys: Record<string, RuleErrorKey> = {
  [mappingRuleMessages.statusRequired]: 'destinations.mapping.errors.statusRequired',
  [mappingRuleMessages.pipelineRequired]: 'destinations.mapping.errors.pipelineRequired',
  [mappingRuleMessages.stageRequired]: 'destinations.mapping.errors.stageRequired',
  [mappingRuleMessages.priceIdsRequired]: 'destinations.mapping.errors.priceIdsRequired',
};

/** Where a rule points in the portal: labels, or a flag when the pipeline or stage no longer exists. */
export const locate = (
  rule: Pick<PipelineMappingRule, 'hubspot_pipeline' | 'hubspot_stage'>,
  pipelines: Pipeline[] | undefined,
) => {
  if (!pipelines) return { pipeline: rule.hubspot_pipeline, stage: rule.hubspot_stage, missing: false };
  const pipeline = pipelines.find((candidate) => candidate.id === rule.hubspot_pipeline);
  const stage = pipeline?.stages.find((candidate) => candidate.id === rule.hubspot_stage);
  return {
    pipeline: pipeline?.label ?? rule.hubspot_pipeline,
    stage: stage?.label ?? rule.hubspot_stage,
    missing: !pipeline || !stage,
  };
};

const RuleEditorRow = ({
  draft,
  errors,
  pipelines,
  actions,
}: {
  draft: RuleDraft;
  errors: string[];
  pipelines: Pipeline[] | undefined;
  actions: MappingActions;
}) => {
  const { t } = useTranslation();
  const stages = pipelines?.find((pipeline) => pipeline.id === draft.pipeline)?.stages ?? [];
  return (
    <Table.Tr>
      <Table.Td colSpan={6}>
        <Stack gap="sm" py="xs" role="group" aria-label={t('destinations.mapping.editing')}>
          {errors.length > 0 && (
            <Alert color="red" role="alert" title={t('destinations.mapping.errors.heading')}>
              <List size="sm">
                {errors.map((error) => (
                  <List.Item key={error}>{messageKeys[error] ? t(messageKeys[error]) : error}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {/* Every choice is required: picking the chosen option again keeps it (Mantine would clear it).
              An empty stage list opens on its first option, so Enter right after ArrowDown picks it:
              Mantine's default first highlights "the active option" in a timer, and an Enter landing
              before its second timer found nothing highlighted. */}
          <Group grow align="flex-start" wrap="wrap">
            <Select
              allowDeselect={false}
              label={t('destinations.mapping.status')}
              data={mappingStatuses.map((status) => ({ value: status, label: status }))}
              value={draft.status || null}
              onChange={(value) => actions.change({ status: (value ?? '') as MappingStatus | '' })}
              miw={160}
            />
            <Select
              label={t('destinations.mapping.priceMode')}
              data={priceIdModes.map((mode) => ({
                value: mode,
                label: t(`destinations.mapping.modes.${mode}`),
              }))}
              value={draft.mode}
              onChange={(value) => actions.change({ mode: (value ?? 'none') as PriceIdMode })}
              allowDeselect={false}
              miw={160}
            />
            <TextInput
              label={t('destinations.mapping.priceIds')}
              description={t('destinations.mapping.priceIdsHint')}
              value={draft.priceIdsText}
              disabled={draft.mode === 'none'}
              onChange={(event) => actions.change({ priceIdsText: event.currentTarget.value })}
              miw={200}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              allowDeselect={false}
              label={t('destinations.mapping.pipeline')}
              data={(pipelines ?? []).map((pipeline) => ({ value: pipeline.id, label: pipeline.label }))}
              value={draft.pipeline || null}
              onChange={(value) => actions.change({ pipeline: value ?? '' })}
              placeholder={pipelines ? undefined : t('destinations.mapping.loadingPipelines')}
              miw={200}
            />
            <Select
              allowDeselect={false}
              label={t('destinations.mapping.stage')}
              data={stages.map((stage) => ({ value: stage.id, label: stage.label }))}
              value={draft.stage || null}
              onChange={(value) => actions.change({ stage: value ?? '' })}
              selectFirstOptionOnDropdownOpen={!draft.stage}
              placeholder={pipelines ? undefined : t('destinations.mapping.loadingPipelines')}
              miw={200}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={actions.cancel}>
              {t('destinations.mapping.cancel')}
            </Button>
            <Button size="xs" onClick={actions.save}>
              {t('destinations.mapping.saveRule')}
            </Button>
          </Group>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
};

/**
 * Spec §4 "Mapping editing": the rules in order (the first match wins), one row edited at a time;
 * order, edit, delete and add wait while a row is open, and everything waits for a connection.
 */
export const MappingTable = ({ editor, actions, pipelines, connected }: MappingTableProps) => {
  const { t } = useTranslation();
  const locked = !connected || editor.editing !== null;
  const last = editor.rules.length - 1;
  return (
    <Stack gap="sm" component="section" aria-labelledby="mapping-title">
      <Group justify="space-between">
        <Text fw={600} id="mapping-title">
          {t('destinations.mapping.title')}
        </Text>
        <Button size="xs" leftSection={<IconPlus size={14} />} disabled={locked} onClick={actions.add}>
          {t('destinations.mapping.add')}
        </Button>
      </Group>
      {!connected && (
        <Text size="sm" c="dimmed">
          {t('destinations.mapping.connectFirst')}
        </Text>
      )}
      <TableScroll minWidth={560} label={t('destinations.mapping.title')}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('destinations.mapping.status')}</Table.Th>
              <Table.Th>{t('destinations.mapping.priceIds')}</Table.Th>
              <Table.Th>{t('destinations.mapping.pipeline')}</Table.Th>
              <Table.Th>{t('destinations.mapping.stage')}</Table.Th>
              <Table.Th>{t('destinations.mapping.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {editor.rules.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed">
                    {t('destinations.mapping.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {editor.rules.map((rule, index) => {
              if (editor.editing?.index === index) {
                return (
                  <RuleEditorRow
                    key={rule.id}
                    draft={editor.editing.draft}
                    errors={editor.editing.errors}
                    pipelines={pipelines}
                    actions={actions}
                  />
                );
              }
              const where = locate(rule, pipelines);
              const label = t('destinations.mapping.ruleLabel', { position: index + 1 });
              return (
                <Table.Tr key={rule.id} aria-label={label}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{rule.stripe_subscription_status}</Table.Td>
                  <Table.Td>
                    {t(`destinations.mapping.modes.${rule.price_ids.mode}`)}
                    {rule.price_ids.ids.length > 0 && `: ${rule.price_ids.ids.join(', ')}`}
                  </Table.Td>
                  <Table.Td>{where.pipeline}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {where.stage}
                      {where.missing && (
                        <Badge color="orange" variant="light">
                          {t('destinations.mapping.missingInPortal')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        disabled={locked || index === 0}
                        onClick={() => actions.move(index, -1)}
                        aria-label={t('destinations.mapping.moveUp', { position: index + 1 })}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={locked || index === last}
                        onClick={() => actions.move(index, 1)}
                        aria-label={t('destinations.mapping.moveDown', { position: index + 1 })}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={locked}
                        onClick={() => actions.edit(index)}
                        aria-label={t('destinations.mapping.edit', { position: index + 1 })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={locked}
                        onClick={() => actions.remove(index)}
                        aria-label={t('destinations.mapping.delete', { position: index + 1 })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
};
