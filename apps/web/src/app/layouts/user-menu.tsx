import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { authClient, type SessionUser } from '../../lib/auth-client.ts';
import { forgetRememberedLocation } from '../../features/accounts/remembered-location.ts';
import { UserAvatar } from '../../features/accounts/user-avatar.tsx';
import { useGlobalLoading } from '../global-loading.tsx';

/** My profile and sign out (spec §2 "Authenticated layout"). */
export const UserMenu = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();

  // Signing out goes home through a full load, so nothing of this user's data stays in memory.
  const signOut = () =>
    track(async () => {
      await authClient.signOut();
      forgetRememberedLocation();
      window.location.assign(routes.home);
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.label')}>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={user.name} email={user.email} photoURL={user.image ?? null} size="sm" />
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {user.name || user.email}
            </Text>
          </Group>
        </UnstyledButton>
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
