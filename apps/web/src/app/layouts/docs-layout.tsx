import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { generatePath, Link, Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { LanguageSelector } from '../../components/language-selector.tsx';
import { Logo } from '../../components/logo.tsx';
import { useAuthState } from '../../features/accounts/use-auth-state.ts';
import { docsPages } from '../../features/docs/docs-index.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * The user guide (`/docs`), open to anyone: a top bar with the logo, the language selector and a way
 * into the app, the guide's contents beside the page.
 */
export const DocsLayout = () => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { slug = docsPages[0]?.slug } = useParams();
  const auth = useAuthState();
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('docs.contents')}
            />
            <UnstyledButton component={Link} to={routes.docs}>
              <Group gap="xs" wrap="nowrap">
                <Logo />
                <Text fw={700}>{t('app.name')}</Text>
                <Text c="dimmed" visibleFrom="xs">
                  {t('pages.docs')}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelector />
            {auth.status !== 'loading' && (
              <Button
                component={Link}
                to={auth.status === 'signed-in' ? routes.dashboard : routes.signIn}
                variant="light"
                size="xs"
              >
                {auth.status === 'signed-in' ? t('docs.openApp') : t('docs.signIn')}
              </Button>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('docs.contents')}>
        <ScrollArea>
          {docsPages.map((entry) => (
            <NavLink
              key={entry.slug}
              component={Link}
              to={generatePath(routes.docsPage, { slug: entry.slug })}
              label={entry.title[language]}
              active={entry.slug === slug}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main maw={900}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
