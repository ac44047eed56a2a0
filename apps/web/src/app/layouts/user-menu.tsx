import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import type { SessionUser } from '../../lib/auth-client.ts';
import { forgetRememberedLocation } from '../../features/accounts/remembered-location.ts';
import { signOutAndLoad } from '../../features/accounts/sign-out.ts';
import { useGlobalLoading } from '../global-loading.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

/** My profile and sign out (spec §2 "Authenticated layout"). */
export const UserMenu = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();

  const signOut = () =>
    track(async () => {
      forgetRememberedLocation();
      await signOutAndLoad(routes.home);
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={routes.profile} leftSection={<IconUser size={16} />}>
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
