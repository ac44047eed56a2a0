import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language.ts';

/** Sync events of the period against the plan's included events, as a bar with the numbers. */
export const UsageBar = ({ events, included }: { events: number; included: number | null }) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US');
  const percent = included ? Math.min(100, (events / included) * 100) : 0;
  const color = percent >= 100 ? 'red' : percent >= 80 ? 'yellow' : 'blue';
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('dashboard.usage.title')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="usage-figure">
          {included === null
            ? t('dashboard.usage.unlimited', { events: number.format(events) })
            : t('dashboard.usage.of', { events: number.format(events), included: number.format(included) })}
        </Text>
      </Group>
      {included !== null && (
        <Progress value={percent} color={color} aria-label={t('dashboard.usage.title')} size="lg" />
      )}
    </Stack>
  );
};
