import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
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
export const AppProviders = ({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) => {
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
