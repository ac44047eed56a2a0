import { Group, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { SourceFilters } from '@billbridge/contract';
import { SettingsFieldset } from './settings-fieldset.tsx';

/** The filters as the form edits them: the metadata pair as two texts, empty when unset. */
export type FilterValues = Omit<SourceFilters, 'metadata'> & { metadataKey: string; metadataValue: string };

export const filterValuesOf = ({ metadata, ...flags }: SourceFilters): FilterValues => ({
  ...flags,
  metadataKey: metadata?.key ?? '',
  metadataValue: metadata?.value ?? '',
});

export const filtersOfValues = ({ metadataKey, metadataValue, ...flags }: FilterValues): SourceFilters => {
  const key = metadataKey.trim();
  const value = metadataValue.trim();
  return { ...flags, metadata: key && value ? { key, value } : null };
};

/** A metadata filter needs both halves: one without the other is refused before saving. */
export const metadataPairError = (values: FilterValues): boolean =>
  !values.metadataKey.trim() !== !values.metadataValue.trim();

const switches = ['live_subscription', 'has_paid', 'exclude_test_clocks'] as const;

/** Who reaches HubSpot (issue 34 §2), beside the sync toggles. */
export const SourceFiltersFields = <Values extends { filters: FilterValues }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) => {
  const { t } = useTranslation();
  const both = metadataPairError(form.getValues().filters) ? t('sources.filters.metadataBoth') : undefined;
  return (
    <SettingsFieldset legend={t('sources.filters.title')}>
      <Text size="xs" c="dimmed">
        {t('sources.filters.explain')}
      </Text>
      {switches.map((name) => (
        <Switch
          key={name}
          label={t(`sources.filters.${name}`)}
          {...form.getInputProps(`filters.${name}`, { type: 'checkbox' })}
        />
      ))}
      <Text size="sm">{t('sources.filters.metadata')}</Text>
      <Group grow align="flex-start">
        <TextInput
          label={t('sources.filters.metadataKey')}
          maxLength={40}
          error={both}
          {...form.getInputProps('filters.metadataKey')}
        />
        <TextInput
          label={t('sources.filters.metadataValue')}
          maxLength={500}
          {...form.getInputProps('filters.metadataValue')}
        />
      </Group>
    </SettingsFieldset>
  );
};
