import { lazy, Suspense } from 'react';
import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { LanguageSelector } from '../../components/language-selector.tsx';
import { Logo } from '../../components/logo.tsx';
import type { SessionUser } from '../../lib/auth-client.ts';
import { saveLanguage } from '../../features/accounts/saved-language.ts';
import { UserMenuButton } from './user-menu-button.tsx';

// The menus' dropdowns (floating-ui) are never open on the first render: they load after it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));
const SandboxMenu = lazy(() =>
  import('../../components/sandbox-menu.tsx').then((m) => ({ default: m.SandboxMenu })),
);

type AppHeaderProps = {
  user: SessionUser;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
  /** The spec lets a deployment hide the language selector from the top bar. */
  showLanguageSelector?: boolean;
};

/** The top bar: menu toggles, logo and product name, language selector, user menu. */
export const AppHeader = ({
  user,
  mobileOpened,
  desktopOpened,
  onToggleMobile,
  onToggleDesktop,
  showLanguageSelector = true,
}: AppHeaderProps) => {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('nav.toggle')}
        />
        <Burger
          opened={desktopOpened}
          onClick={onToggleDesktop}
          visibleFrom="sm"
          size="sm"
          aria-label={t('nav.toggle')}
        />
        <UnstyledButton component={Link} to={routes.home}>
          <Group gap="xs" wrap="nowrap">
            <Logo />
            <Text fw={700} size="lg">
              {t('app.name')}
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Suspense fallback={null}>
          <SandboxMenu />
        </Suspense>
        {showLanguageSelector && (
          // Signed in, the choice is saved on the profile too, so e-mails and other devices follow it.
          <LanguageSelector onChange={(language) => void saveLanguage(language).catch(() => undefined)} />
        )}
        <Suspense fallback={<UserMenuButton user={user} disabled />}>
          <UserMenu user={user} />
        </Suspense>
      </Group>
    </Group>
  );
};
