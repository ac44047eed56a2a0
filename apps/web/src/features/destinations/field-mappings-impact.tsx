import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldMapping, FieldMappingImpact } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { useDryRunFieldMappings, useReapplyFieldMappings } from './destination-queries.ts';

type Props = {
  subscriptionId: string;
  destinationId: string;
  /** The field mappings in the editor. */
  mappings: FieldMapping[];
  /** Whether they differ from the saved ones: any can be previewed, only saved ones re-applied. */
  unsaved: boolean;
};

const ImpactList = ({
  objects,
  itemKey,
}: {
  objects: FieldMappingImpact[];
  itemKey: 'destinations.reapply.changes' | 'destinations.reapply.applying';
}) => {
  const { t } = useTranslation();
  return (
    <List size="sm">
      {objects.map((impact) => (
        <List.Item key={impact.object}>
          {t(itemKey, {
            count: impact.changing,
            records: impact.records,
            object: t(`destinations.fieldMappings.objects.${impact.object}`),
          })}
        </List.Item>
      ))}
    </List>
  );
};

/**
 * Field mappings re-applied to the records already synced (decision 072): a dry run of the
 * editor's mappings that counts what would change per HubSpot object, and the re-apply of the
 * saved ones.
 */
export const FieldMappingsImpact = ({ subscriptionId, destinationId, mappings, unsaved }: Props) => {
  const { t } = useTranslation();
  const dryRun = useDryRunFieldMappings(subscriptionId, destinationId);
  const reapply = useReapplyFieldMappings(subscriptionId, destinationId);
  const preview = dryRun.data && dryRun.variables === mappings ? dryRun.data : undefined;
  const applied = reapply.data && !unsaved ? reapply.data : undefined;
  return (
    <Stack gap="xs" component="section" aria-label={t('destinations.reapply.sectionLabel')}>
      <Group gap="sm">
        <Button variant="default" loading={dryRun.isPending} onClick={() => dryRun.mutate(mappings)}>
          {t('destinations.reapply.dryRun')}
        </Button>
        <Text size="xs" c="dimmed" style={{ flex: '1 1 12rem' }}>
          {t('destinations.reapply.dryRunHint')}
        </Text>
      </Group>
      {dryRun.isError && (
        <CallErrorAlert title={t('destinations.reapply.dryRunError')} error={dryRun.error} />
      )}
      {preview && (
        <Alert color="blue" title={t('destinations.reapply.title')} role="status">
          {preview.objects.length ? (
            <ImpactList objects={preview.objects} itemKey="destinations.reapply.changes" />
          ) : (
            t('destinations.reapply.nothingReached')
          )}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          disabled={unsaved}
          loading={reapply.isPending}
          onClick={() => reapply.mutate()}
        >
          {t('destinations.reapply.apply')}
        </Button>
        <Text size="xs" c="dimmed" style={{ flex: '1 1 12rem' }}>
          {unsaved ? t('destinations.reapply.saveFirst') : t('destinations.reapply.applyHint')}
        </Text>
      </Group>
      {reapply.isError && (
        <CallErrorAlert title={t('destinations.reapply.applyError')} error={reapply.error} />
      )}
      {applied && (
        <Alert color="green" role="status">
          {applied.objects.some((impact) => impact.changing > 0) ? (
            <ImpactList
              objects={applied.objects.filter((impact) => impact.changing > 0)}
              itemKey="destinations.reapply.applying"
            />
          ) : (
            t('destinations.reapply.noneChanging')
          )}
        </Alert>
      )}
    </Stack>
  );
};
