import { Box, Card, Center, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { LanguageSelector } from '../../components/language-selector.tsx';
import { Logo } from '../../components/logo.tsx';
import { useAuthState } from '../../features/accounts/use-auth-state.ts';

/**
 * Account and callback pages (spec §2 "Auth layout"): a centred card with the logo and the language
 * selector. A full-screen spinner stands until the auth state is known; only then do pages render.
 */
export const AuthLayout = () => {
  const { t } = useTranslation();
  const auth = useAuthState();
  if (auth.status === 'loading') return <FullScreenLoader />;
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Card withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Group justify="space-between" mb="lg">
          <Group gap="xs">
            <Logo size={32} />
            <Text fw={700} size="lg">
              {t('app.name')}
            </Text>
          </Group>
          <LanguageSelector />
        </Group>
        <Box>
          <Outlet />
        </Box>
      </Card>
    </Center>
  );
};
