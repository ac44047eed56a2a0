import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@billbridge/contract';
import { configKey } from '../../i18n/config-keys.ts';
import { planChoice } from './plan-grid-plans.ts';
import { priceDisplay } from './plan-price.ts';

/**
 * Where the enterprise card leads: a custom plan is arranged with sales, outside the app. A constant
 * until the product site's address becomes configuration.
 */
export const enterprisePageUrl = 'https://billbridge.app/enterprise';

export type PlanCardProps = {
  plan: Plan;
  /** The current plan on the change-plan screen: shown, not selectable. */
  current?: boolean;
  disabled?: boolean;
  onSelect: (plan: Plan) => void;
};

const PlanPrice = ({ plan }: { plan: Plan }) => {
  const { t } = useTranslation();
  const display = priceDisplay(plan);
  const text =
    display.kind === 'custom'
      ? t('plans.custom')
      : display.kind === 'title'
        ? t(configKey(plan.titleKey))
        : t('plans.perMonth', { amount: display.amount });
  return (
    <Text fz="xl" fw={700} data-testid="plan-price">
      {text}
    </Text>
  );
};

/** One plan of the grid: title, popular flag, price, description, features and its action. */
export const PlanCard = ({ plan, current = false, disabled = false, onSelect }: PlanCardProps) => {
  const { t } = useTranslation();
  const title = t(configKey(plan.titleKey));
  return (
    <Card withBorder radius="md" padding="lg" aria-label={title} component="section">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {plan.popular && <Badge color="blue">{t('plans.popular')}</Badge>}
        </Group>
        <PlanPrice plan={plan} />
        {plan.descriptionKeys.map((key) => (
          <Text key={key} size="sm" c="dimmed">
            {t(configKey(key))}
          </Text>
        ))}
        <List size="sm" spacing={4} icon={<IconCheck size={14} />} style={{ flexGrow: 1 }}>
          {plan.featureKeys.map((key) => (
            <List.Item key={key}>{t(configKey(key))}</List.Item>
          ))}
        </List>
        {planChoice(plan) === 'external' ? (
          <Button
            component="a"
            href={enterprisePageUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="outline"
            rightSection={<IconExternalLink size={14} />}
          >
            {t('plans.contactSales')}
          </Button>
        ) : (
          <Button
            variant={plan.popular ? 'filled' : 'light'}
            disabled={current || disabled}
            onClick={() => onSelect(plan)}
          >
            {current ? t('plans.current') : t('plans.select', { plan: title })}
          </Button>
        )}
      </Stack>
    </Card>
  );
};
