import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import {
  routeDefinitions,
  routes,
  type PageKey,
  type RouteAccess,
  type RouteDefinition,
  type RouteLayout,
} from '@billbridge/contract';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequirePermissions } from './guards/require-permissions.tsx';
import { loadNamespaces } from '../i18n/i18n.ts';
import { featureNamespaces } from '../i18n/namespaces.ts';
import { pageNamespaces, subscriptionLayoutNamespaces } from './page-namespaces.ts';
import { pages } from './pages.ts';
import { SectionLoader } from '../components/section-loader.tsx';

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

/** A chunk shown once it and the translations it names are in; a spinner until then. */
const lazyElement = (load: () => Promise<ComponentType>, fallback: ReactElement): ReactElement => {
  const Component = lazy(() => load().then((component) => ({ default: component })));
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
};

/** A page's chunk and the translations it names; `route-preload.ts` starts the same loads early. */
export const loadPage = (key: Exclude<PageKey, 'home'>): Promise<ComponentType> =>
  Promise.all([pages[key](), loadNamespaces(pageNamespaces[key] ?? featureNamespaces)]).then(
    ([route]) => route.Component,
  );

/** Each layout's chunk (with the translations it shows itself). */
export const layouts: Record<RouteLayout, () => Promise<ComponentType>> = {
  main: () => import('./layouts/main-layout.tsx').then((m) => m.MainLayout),
  subscription: () =>
    Promise.all([
      import('./layouts/subscription-layout.tsx'),
      loadNamespaces(subscriptionLayoutNamespaces),
    ]).then(([m]) => m.SubscriptionLayout),
  auth: () => import('./layouts/auth-layout.tsx').then((m) => m.AuthLayout),
  docs: () => import('./layouts/docs-layout.tsx').then((m) => m.DocsLayout),
};

/**
 * An auth page has no spinner of its own: it suspends to its layout's full-screen one, so the card
 * appears once, whole. With a spinner inside the card, the vertically centred card grew when the
 * page arrived after the session and its header moved (a layout shift on `/signin`, issue 31 §3).
 */
const pageElement = (key: Exclude<PageKey, 'home'>, layout: RouteLayout): ReactElement => {
  if (layout !== 'auth') return lazyElement(() => loadPage(key), <SectionLoader />);
  const Page = lazy(() => loadPage(key).then((component) => ({ default: component })));
  return <Page />;
};

const pageRoute = (definition: RouteDefinition, layoutPath: string | undefined): RouteObject => {
  if (definition.key === 'home') return { index: true, element: <Navigate to={routes.dashboard} replace /> };
  const element = pageElement(definition.key, definition.layout);
  return definition.path === layoutPath ? { index: true, element } : { path: definition.path, element };
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
 * The whole route table of spec §2, built from the contract's configuration, for `useRoutes`. Layouts
 * and pages are lazy chunks; the main layout's own guard sends anonymous visitors to sign-in before
 * any page loads.
 */
export const routeTree: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    children: [
      {
        element: lazyElement(layouts.main, <FullScreenLoader />),
        children: [
          ...guardedPages('main'),
          {
            path: routes.subscription,
            element: lazyElement(layouts.subscription, <SectionLoader />),
            children: guardedPages('subscription', routes.subscription),
          },
        ],
      },
      { element: lazyElement(layouts.auth, <FullScreenLoader />), children: guardedPages('auth') },
      { element: lazyElement(layouts.docs, <FullScreenLoader />), children: guardedPages('docs') },
      { path: '*', element: <Navigate to={routes.home} replace /> },
    ],
  },
];
