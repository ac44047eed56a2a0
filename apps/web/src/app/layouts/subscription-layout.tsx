import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { Link, Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { requiresTwoFactor, routes } from '@billbridge/contract';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { useAuthState } from '../../features/accounts/use-auth-state.ts';
import { ConnectionHealthBanner } from '../../features/connections/connection-health-banner.tsx';
import { subscriptionLoadOutcome, type LoadFailure } from '../../features/subscriptions/load-outcome.ts';
import { SubscriptionContext } from '../../features/subscriptions/subscription-context.ts';
import { useSubscription } from '../../features/subscriptions/subscription-query.ts';

const LoadFailureMessage = ({ failure }: { failure: LoadFailure }) => {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" maw={560}>
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={t(`subscriptions.load.${failure}`)}
        w="100%"
      />
      <Button component={Link} to={routes.home} variant="light">
        {t('app.backHome')}
      </Button>
    </Stack>
  );
};

/**
 * A workspace whose owner requires two-factor sign-in, seen by a member without it (issue 36): the
 * server refuses its functions, so the page says why and offers the one way in.
 */
const TwoFactorLock = () => {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" maw={560}>
      <Alert color="orange" icon={<IconLock size={18} />} title={t('twoFactor.lockedTitle')} w="100%">
        {t('twoFactor.lockedBody')}
      </Alert>
      <Button component={Link} to={routes.twoFactor}>
        {t('twoFactor.lockedAction')}
      </Button>
    </Stack>
  );
};

/**
 * Pages of one workspace (`/subscription/:id`): loads it through `getSubscription` and ends in exactly
 * one spec §4 outcome. Once loaded, pages get the workspace and the user's permissions by context.
 */
export const SubscriptionLayout = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const auth = useAuthState();
  const query = useSubscription(id);
  const outcome = subscriptionLoadOutcome({
    subscriptionId: id,
    userId: auth.status === 'signed-in' ? auth.user.id : auth.status === 'loading' ? undefined : null,
    data: query.data,
    error: query.error,
  });

  const loader = (
    <Center py="xl" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
  if (outcome.kind === 'loading') return loader;
  if (outcome.kind !== 'loaded') return <LoadFailureMessage failure={outcome.kind} />;
  const twoFactorOn = auth.status === 'signed-in' && auth.user.twoFactorEnabled;
  if (requiresTwoFactor(outcome.subscription.settings) && !twoFactorOn) return <TwoFactorLock />;
  // The page is drawn in a render of its own, sliced, not in the workspace's arrival (decision 080).
  return (
    <AfterFirstPaint fallback={loader}>
      <SubscriptionContext value={{ subscription: outcome.subscription, held: outcome.held }}>
        {outcome.held.includes('admin') && (
          <ConnectionHealthBanner subscriptionId={outcome.subscription.id} />
        )}
        <Outlet />
      </SubscriptionContext>
    </AfterFirstPaint>
  );
};
