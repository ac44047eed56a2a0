import { Group, Text, UnstyledButton, VisuallyHidden, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../lib/auth-client.ts';
import { UserAvatar } from '../../features/accounts/user-avatar.tsx';

type UserMenuButtonProps = UnstyledButtonProps & ComponentPropsWithRef<'button'> & { user: SessionUser };

/**
 * The user menu's button: drawn with the page, while the menu itself (and the floating-ui code of
 * its dropdown) loads after the first render. `Menu.Target` passes its ref and handlers through.
 * Its name is its content, "Account menu" said first: an aria-label would hide the user's name that
 * sighted users read on it (WCAG 2.5.3, label in name).
 */
export const UserMenuButton = ({ user, ...props }: UserMenuButtonProps) => {
  const { t } = useTranslation();
  return (
    <UnstyledButton {...props}>
      <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
      <Group gap="xs" wrap="nowrap">
        <UserAvatar name={user.name} email={user.email} photoURL={user.image ?? null} size="sm" />
        <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
          {user.name || user.email}
        </Text>
      </Group>
    </UnstyledButton>
  );
};
