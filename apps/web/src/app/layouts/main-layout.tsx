import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useSavedLanguage } from '../../features/accounts/saved-language.ts';
import { useAuthState } from '../../features/accounts/use-auth-state.ts';
import { RequireAuth } from '../guards/require-auth.tsx';
import { AppHeader } from './app-header.tsx';
import { MainNavbar } from './main-navbar.tsx';

/**
 * The authenticated layout (spec §2): top bar, a sidebar that collapses on large screens and becomes
 * a burger menu on small ones, and the page.
 */
/** Applies the language saved on the profile once per sign-in (a hook needs a component of its own here). */
const SavedLanguage = ({ userId }: { userId: string }) => {
  useSavedLanguage(userId);
  return null;
};

const MainShell = () => {
  const auth = useAuthState();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  if (auth.status !== 'signed-in') return null;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <SavedLanguage userId={auth.user.id} />
      <AppShell.Header>
        <AppHeader
          user={auth.user}
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={mobile.toggle}
          onToggleDesktop={desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <MainNavbar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};

// The shell (header, sidebar, page) is drawn in a render of its own, sliced, not in the session's
// arrival, which React renders synchronously (decision 080).
export const MainLayout = () => (
  <RequireAuth>
    <AfterFirstPaint fallback={<FullScreenLoader />}>
      <MainShell />
    </AfterFirstPaint>
  </RequireAuth>
);
