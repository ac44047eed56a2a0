import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { authClient } from '../lib/auth-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { GlobalLoadingProvider } from './global-loading.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// Toasts are never needed for the first paint; their code (and its transition library) loads after it.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * Everything every page may rely on: theme, notifications, server state, the loading flag.
 * Dialogs are Mantine `Modal`s rendered by the component that opens them; no modals manager is needed.
 */
export const AppProviders = ({ children }: { children: ReactNode }) => {
  // A call refused for want of a session re-reads it: the guard then signs the tab out.
  const [queryClient] = useState(() => createQueryClient(() => authClient.$store.notify('$sessionSignal')));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <GlobalLoadingProvider>{children}</GlobalLoadingProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
};
