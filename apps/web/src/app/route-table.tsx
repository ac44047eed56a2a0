import type { ReactElement } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import {
  routeDefinitions,
  routes,
  type RouteAccess,
  type RouteDefinition,
  type RouteLayout,
} from '@billbridge/contract';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequirePermissions } from './guards/require-permissions.tsx';
import { loadNamespaces } from '../i18n/i18n.ts';
import { featureNamespaces } from '../i18n/namespaces.ts';
import type { PageHandle } from './page-key.ts';
import { pageNamespaces, subscriptionLayoutNamespaces } from './page-namespaces.ts';
import { pages } from './pages.ts';
import { RouteError } from './route-error.tsx';

const guardOf = (requires: RouteAccess): ReactElement => {
  if (requires === 'public') return <Outlet />;
  if (requires === 'signed-in') {
    return (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    );
  }
  return (
    <RequirePermissions {...requires}>
      <Outlet />
    </RequirePermissions>
  );
};

const pageRoute = (definition: RouteDefinition, layoutPath: string | undefined): RouteObject => {
  const handle: PageHandle = { pageKey: definition.key };
  if (definition.key === 'home') {
    return { index: true, handle, element: <Navigate to={routes.dashboard} replace /> };
  }
  const page = pages[definition.key];
  const namespaces = pageNamespaces[definition.key] ?? featureNamespaces;
  const lazy = () => Promise.all([page(), loadNamespaces(namespaces)]).then(([route]) => route);
  return definition.path === layoutPath
    ? { index: true, handle, lazy }
    : { path: definition.path, handle, lazy };
};

/** The pages of one layout, grouped under one pathless guard route per distinct requirement. */
const guardedPages = (layout: RouteLayout, layoutPath?: string): RouteObject[] => {
  const groups = new Map<string, RouteDefinition[]>();
  for (const definition of routeDefinitions.filter((entry) => entry.layout === layout)) {
    const key = JSON.stringify(definition.requires);
    groups.set(key, [...(groups.get(key) ?? []), definition]);
  }
  return [...groups.values()].map((definitions) => ({
    element: guardOf(definitions[0]?.requires ?? 'signed-in'),
    children: definitions.map((definition) => pageRoute(definition, layoutPath)),
  }));
};

/**
 * The whole route table of spec §2, built from the contract's configuration. Layouts and pages are
 * lazy chunks; the main layout's own guard sends anonymous visitors to sign-in before any page loads.
 */
export const routeTree: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      {
        lazy: () => import('./layouts/main-layout.tsx').then((m) => ({ Component: m.MainLayout })),
        children: [
          ...guardedPages('main'),
          {
            path: routes.subscription,
            lazy: () =>
              Promise.all([
                import('./layouts/subscription-layout.tsx'),
                loadNamespaces(subscriptionLayoutNamespaces),
              ]).then(([m]) => ({ Component: m.SubscriptionLayout })),
            children: guardedPages('subscription', routes.subscription),
          },
        ],
      },
      {
        lazy: () => import('./layouts/auth-layout.tsx').then((m) => ({ Component: m.AuthLayout })),
        children: guardedPages('auth'),
      },
      {
        lazy: () => import('./layouts/docs-layout.tsx').then((m) => ({ Component: m.DocsLayout })),
        children: guardedPages('docs'),
      },
      { path: '*', element: <Navigate to={routes.home} replace /> },
    ],
  },
];
