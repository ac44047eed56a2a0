import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import {
  IconActivity,
  IconBuildingBank,
  IconCreditCard,
  IconDatabaseImport,
  IconLayoutDashboard,
  IconList,
  IconSettings,
  IconShieldCheck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useAuthState } from '../../features/accounts/use-auth-state.ts';
import { subscriptionLoadOutcome } from '../../features/subscriptions/load-outcome.ts';
import { useSubscription } from '../../features/subscriptions/subscription-query.ts';
import { navigationLinks, type NavLabel, type NavLink } from './navigation.ts';

const icons: Record<NavLabel, Icon> = {
  subscriptionList: IconList,
  dashboard: IconLayoutDashboard,
  sources: IconDatabaseImport,
  destinations: IconBuildingBank,
  activity: IconActivity,
  audit: IconShieldCheck,
  users: IconUsers,
  billing: IconCreditCard,
  settings: IconSettings,
};

type SidebarLinkProps = { link: NavLink; onNavigate: () => void };

const SidebarLink = ({ link, onNavigate }: SidebarLinkProps) => {
  const { t } = useTranslation();
  const active = useMatch({ path: link.to, end: link.end }) !== null;
  const LinkIcon = icons[link.label];
  return (
    <MantineNavLink
      component={Link}
      to={link.to}
      active={active}
      aria-current={active ? 'page' : undefined}
      label={t(`nav.${link.label}`)}
      leftSection={<LinkIcon size={18} stroke={1.6} />}
      onClick={onNavigate}
    />
  );
};

/** The sidebar; inside a workspace it reads the same cached query the subscription layout loads. */
export const MainNavbar = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const auth = useAuthState();
  const match = useMatch(`${routes.subscription}/*`);
  const subscriptionId = match?.params.id;
  const query = useSubscription(subscriptionId);
  const outcome = subscriptionLoadOutcome({
    subscriptionId,
    userId: auth.status === 'signed-in' ? auth.user.id : null,
    data: query.data,
    error: query.error,
  });
  const inWorkspace = outcome.kind === 'loaded' || outcome.kind === 'loading' ? subscriptionId : undefined;
  const held = outcome.kind === 'loaded' ? outcome.held : [];

  return (
    <Stack gap={4} component="nav" aria-label={t('nav.main')}>
      {navigationLinks(inWorkspace, held).map((link) => (
        <SidebarLink key={link.label} link={link} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
};
