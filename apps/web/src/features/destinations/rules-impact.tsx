import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DealMove, Pipeline, PipelineMappingRule } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { useDryRunMappingRules, useReevaluateDeals } from './destination-queries.ts';
import { locate } from './mapping-table.tsx';

type Props = {
  subscriptionId: string;
  destinationId: string;
  /** The rules in the editor. */
  rules: PipelineMappingRule[];
  /** Whether they differ from the saved ones: unsaved rules can be previewed, saved ones applied. */
  unsaved: boolean;
  pipelines: Pipeline[] | undefined;
};

const MoveList = ({
  moves,
  pipelines,
  itemKey,
}: {
  moves: DealMove[];
  pipelines: Pipeline[] | undefined;
  itemKey: 'destinations.impact.moves' | 'destinations.impact.moving';
}) => {
  const { t } = useTranslation();
  return (
    <List size="sm">
      {moves.map((move) => (
        <List.Item key={`${move.hubspot_pipeline}:${move.hubspot_stage}`}>
          {t(itemKey, { count: move.deals, ...locate(move, pipelines) })}
        </List.Item>
      ))}
    </List>
  );
};

/**
 * Rules changed, deals follow (decision 033): before saving, a dry run of the editor's rules on
 * the billing subscriptions already synced; after saving, moving their deals to the new stages.
 */
export const RulesImpact = ({ subscriptionId, destinationId, rules, unsaved, pipelines }: Props) => {
  const { t } = useTranslation();
  const dryRun = useDryRunMappingRules(subscriptionId, destinationId);
  const reevaluate = useReevaluateDeals(subscriptionId, destinationId);
  const preview = dryRun.data && dryRun.variables === rules ? dryRun.data : undefined;
  return (
    <Stack gap="xs" component="section" aria-label={t('destinations.impact.title')}>
      {unsaved ? (
        <Group gap="sm">
          <Button variant="default" loading={dryRun.isPending} onClick={() => dryRun.mutate(rules)}>
            {t('destinations.impact.dryRun')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('destinations.impact.dryRunHint')}
          </Text>
        </Group>
      ) : (
        <Group gap="sm">
          <Button variant="default" loading={reevaluate.isPending} onClick={() => reevaluate.mutate()}>
            {t('destinations.impact.reevaluate')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('destinations.impact.reevaluateHint')}
          </Text>
        </Group>
      )}
      {unsaved && dryRun.isError && (
        <CallErrorAlert title={t('destinations.impact.dryRunError')} error={dryRun.error} />
      )}
      {unsaved && preview && (
        <Alert color="blue" title={t('destinations.impact.title')} role="status">
          <Stack gap={4}>
            <Text size="sm">{t('destinations.impact.subscriptions', { count: preview.subscriptions })}</Text>
            <List size="sm">
              {preview.rules.map((match, index) => {
                const rule = rules.find((candidate) => candidate.id === match.rule_id);
                return (
                  <List.Item key={match.rule_id}>
                    {t('destinations.impact.ruleMatches', {
                      count: match.matches,
                      position: index + 1,
                      status: rule?.stripe_subscription_status ?? '',
                      stage: rule ? locate(rule, pipelines).stage : '',
                    })}
                  </List.Item>
                );
              })}
              <List.Item>{t('destinations.impact.unmatched', { count: preview.unmatched })}</List.Item>
            </List>
            {preview.moves.length ? (
              <MoveList moves={preview.moves} pipelines={pipelines} itemKey="destinations.impact.moves" />
            ) : (
              <Text size="sm">{t('destinations.impact.noMoves')}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {!unsaved && reevaluate.isError && (
        <CallErrorAlert title={t('destinations.impact.reevaluateError')} error={reevaluate.error} />
      )}
      {!unsaved && reevaluate.data && (
        <Alert color="green" role="status">
          {reevaluate.data.moves.length ? (
            <MoveList
              moves={reevaluate.data.moves}
              pipelines={pipelines}
              itemKey="destinations.impact.moving"
            />
          ) : (
            t('destinations.impact.noneMoving')
          )}
        </Alert>
      )}
    </Stack>
  );
};
