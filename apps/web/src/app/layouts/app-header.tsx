import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { LanguageSelector } from '../../components/language-selector.tsx';
import { Logo } from '../../components/logo.tsx';
import { SandboxMenu } from '../../components/sandbox-menu.tsx';
import type { SessionUser } from '../../lib/auth-client.ts';
import { saveLanguage } from '../../features/accounts/saved-language.ts';
import { UserMenu } from './user-menu.tsx';

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
        <SandboxMenu />
        {showLanguageSelector && (
          // Signed in, the choice is saved on the profile too, so e-mails and other devices follow it.
          <LanguageSelector onChange={(language) => void saveLanguage(language).catch(() => undefined)} />
        )}
        <UserMenu user={user} />
      </Group>
    </Group>
  );
};
