import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { generatePath, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type ActivityType, type Subscription } from '@billbridge/contract';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { SubscriptionHeading } from '../subscriptions/subscription-heading.tsx';
import {
  useActivitySummary,
  useIntegrationCounts,
  useLiveRecentActivities,
  useUsage,
} from './dashboard-queries.ts';
import { EventTypeFilterButton } from './event-type-filter-button.tsx';
import { FirstRunSteps, type FirstRunStep } from './first-run-steps.tsx';
import { UsageBar } from './usage-bar.tsx';

// The chart (recharts) and the table (Mantine's Table brings ScrollArea and floating-ui) show data
// that is not there on the first render: their code starts loading with this page, beside the data,
// and they render after the rest of the page has painted (`AfterFirstPaint`, decision 076).
const chartCode = import('./activity-chart.tsx');
const tableCode = import('./activity-table.tsx');
const ActivityChart = lazy(() => chartCode);
const ActivityTable = lazy(() => tableCode.then((m) => ({ default: m.ActivityTable })));
// Its dropdown is closed on the first render; the button stands in until the dropdown's code is in.
const EventTypeFilter = lazy(() =>
  import('./event-type-filter.tsx').then((m) => ({ default: m.EventTypeFilter })),
);

const Section = ({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) => (
  <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
    <Group justify="space-between" mb="sm" wrap="wrap">
      <Title order={2} size="h4">
        {title}
      </Title>
      {aside}
    </Group>
    {children}
  </Card>
);

/**
 * The workspace at a glance: name, status badge, plan, and the alerts its status calls for. Plan
 * and payment are the owner's to change (spec §6): others are told to ask the owner, not linked
 * to pages they cannot open.
 */
const Overview = ({ subscription, isOwner }: { subscription: Subscription; isOwner: boolean }) => {
  const { t } = useTranslation();
  const path = (route: string) => generatePath(route, { id: subscription.id });
  return (
    <Stack gap="sm">
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('dashboard.overview')}>
        <SubscriptionHeading subscription={subscription} size="lg" />
      </Card>
      {subscription.status === 'capped' && (
        <Alert color="red" role="alert" title={t('dashboard.capped.title')}>
          <Text size="sm">{t('dashboard.capped.text')}</Text>
          {isOwner ? (
            <Anchor component={Link} to={path(routes.changePlan)} size="sm">
              {t('dashboard.capped.upgrade')}
            </Anchor>
          ) : (
            <Text size="sm">{t('dashboard.capped.askOwner')}</Text>
          )}
        </Alert>
      )}
      {subscription.status === 'past_due' && (
        <Alert color="yellow" role="alert" title={t('dashboard.pastDue.title')}>
          <Text size="sm">{t('dashboard.pastDue.text')}</Text>
          {isOwner ? (
            <Anchor component={Link} to={path(routes.billing)} size="sm">
              {t('dashboard.pastDue.billing')}
            </Anchor>
          ) : (
            <Text size="sm">{t('dashboard.pastDue.askOwner')}</Text>
          )}
        </Alert>
      )}
    </Stack>
  );
};

/** A connected count with its manage link, or an add link when there are none (admins only). */
const CountCard = ({
  label,
  count,
  manage,
  add,
  failed,
}: {
  label: string;
  count: number;
  manage?: string;
  add?: string;
  failed: boolean;
}) => {
  const { t } = useTranslation();
  const link = count > 0 ? manage : add;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} data-testid="count">
        {count}
      </Text>
      {failed && (
        <Text size="xs" c="red" role="alert">
          {t('dashboard.counts.error')}
        </Text>
      )}
      {link && (
        <Anchor component={Link} to={link} size="sm">
          {count > 0 ? t('dashboard.counts.manage') : t('dashboard.counts.add')}
        </Anchor>
      )}
    </Card>
  );
};

/** Spec §2 "Dashboard" (decision 023 for what the spec leaves open). */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const { subscription, held } = useCurrentSubscription();
  const isAdmin = held.includes('admin');
  const path = (route: string) => generatePath(route, { id: subscription.id });
  const counts = useIntegrationCounts(subscription.id);
  const recent = useLiveRecentActivities(subscription.id);
  const summary = useActivitySummary(subscription.id);
  const usage = useUsage(subscription.id);
  const [unselected, setUnselected] = useState<ActivityType[]>([]);

  const sources = counts.data?.sources ?? 0;
  const destinations = counts.data?.destinations ?? 0;
  const synced = recent.data?.activities.some(
    (item) => item.status === 'success' || item.status === 'warning',
  );
  const steps: FirstRunStep[] = [
    { key: 'source', done: sources > 0, to: isAdmin ? path(routes.sourcesList) : undefined },
    { key: 'destination', done: destinations > 0, to: isAdmin ? path(routes.destinationsList) : undefined },
    {
      key: 'rule',
      done: (counts.data?.mapping_rules ?? 0) > 0,
      to: isAdmin ? path(routes.destinationsList) : undefined,
    },
    { key: 'event', done: Boolean(synced), to: routes.docs },
  ];
  const firstRun = counts.isSuccess && recent.isSuccess && steps.some((step) => !step.done);
  // The selection starts as every type (spec §4): kept as what was switched off, so types that
  // appear later, live, start selected too.
  const selected = (summary.data?.eventTypes ?? []).filter((type) => !unselected.includes(type));

  return (
    <Stack gap="md">
      <PageTitle pageKey="subscription" />
      <Overview subscription={subscription} isOwner={held.includes('owner')} />
      {firstRun && <FirstRunSteps steps={steps} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountCard
          label={t('dashboard.counts.sources')}
          count={sources}
          failed={counts.isError}
          manage={isAdmin ? path(routes.sourcesList) : undefined}
          add={isAdmin ? path(routes.sourceTypeSelection) : undefined}
        />
        <CountCard
          label={t('dashboard.counts.destinations')}
          count={destinations}
          failed={counts.isError}
          manage={isAdmin ? path(routes.destinationsList) : undefined}
          add={isAdmin ? path(routes.destinationTypeSelection) : undefined}
        />
      </SimpleGrid>
      {usage.data && (
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('dashboard.usage.title')}>
          <UsageBar events={usage.data.events} included={usage.data.included} />
        </Card>
      )}
      <Section
        title={t('dashboard.summary.title')}
        aside={
          summary.data && (
            <Suspense
              fallback={<EventTypeFilterButton summary={summary.data} selected={selected} disabled />}
            >
              <EventTypeFilter
                summary={summary.data}
                selected={selected}
                onChange={(next) =>
                  setUnselected((summary.data?.eventTypes ?? []).filter((type) => !next.includes(type)))
                }
              />
            </Suspense>
          )
        }
      >
        {summary.isPending && <SectionLoader />}
        {summary.isError && (
          <Text c="red" role="alert">
            {t('dashboard.summary.error')}
          </Text>
        )}
        {summary.data && (
          <Stack gap="sm">
            <Text size="sm" data-testid="total-events">
              {t('dashboard.summary.total', { count: summary.data.total })}
            </Text>
            <AfterFirstPaint fallback={<SectionLoader />}>
              <Suspense fallback={<SectionLoader />}>
                <ActivityChart summary={summary.data} selected={selected} />
              </Suspense>
            </AfterFirstPaint>
          </Stack>
        )}
      </Section>
      <Section title={t('dashboard.recent.title')}>
        {recent.isPending && <SectionLoader />}
        {recent.isError && (
          <Text c="red" role="alert" mb="sm">
            {t('dashboard.recent.error')}
          </Text>
        )}
        {!recent.isPending && (
          <AfterFirstPaint fallback={<SectionLoader />}>
            <Suspense fallback={<SectionLoader />}>
              <ActivityTable
                activities={recent.data?.activities ?? []}
                label={t('dashboard.recent.title')}
                empty={t('dashboard.recent.empty')}
              />
            </Suspense>
          </AfterFirstPaint>
        )}
        {isAdmin && (
          <Anchor component={Link} to={path(routes.activityLog)} size="sm" mt="sm" display="inline-block">
            {t('dashboard.recent.openLog')}
          </Anchor>
        )}
      </Section>
      <Group gap="sm" component="nav" aria-label={t('dashboard.links.title')}>
        <Button component={Link} to={routes.docs} variant="light">
          {t('dashboard.links.docs')}
        </Button>
        {isAdmin && (
          <Button component={Link} to={path(routes.billing)} variant="light">
            {t('dashboard.links.billing')}
          </Button>
        )}
        {isAdmin && (
          <Button component={Link} to={path(routes.settings)} variant="light">
            {t('dashboard.links.settings')}
          </Button>
        )}
      </Group>
    </Stack>
  );
};
