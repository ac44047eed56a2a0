import { Anchor, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export type FirstRunStep = { key: 'source' | 'destination' | 'rule' | 'event'; done: boolean; to?: string };

/**
 * Until a workspace has synced its first event, the dashboard leads with the four steps that get it
 * there, each ticked when done and linking to the screen that does it (for those who may open it).
 */
export const FirstRunSteps = ({ steps }: { steps: FirstRunStep[] }) => {
  const { t } = useTranslation();
  const icon = (done: boolean): ReactNode => (
    <ThemeIcon color={done ? 'green' : 'gray'} variant={done ? 'filled' : 'light'} size={22} radius="xl">
      {done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
    </ThemeIcon>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="first-run-title">
      <Title order={2} size="h4" id="first-run-title">
        {t('dashboard.firstRun.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.firstRun.intro')}
      </Text>
      <List spacing="sm" center>
        {steps.map((step) => {
          const label = t(`dashboard.firstRun.${step.key}`);
          return (
            <List.Item
              key={step.key}
              icon={icon(step.done)}
              aria-label={`${label}: ${t(step.done ? 'dashboard.firstRun.done' : 'dashboard.firstRun.todo')}`}
            >
              {step.to && !step.done ? (
                <Anchor component={Link} to={step.to}>
                  {label}
                </Anchor>
              ) : (
                <Text span td={step.done ? 'line-through' : undefined} c={step.done ? 'dimmed' : undefined}>
                  {label}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
};
