import type { QueryClient } from '@tanstack/react-query';
import { defaultPageSize, matchRoute, type PageKey } from '@billbridge/contract';
import { activityLogQuery } from '../features/activity-log/activity-log-query.ts';
import { firstLogPageSize, noFilters, queryOf } from '../features/activity-log/log-filters.ts';
import { socialProvidersQuery } from '../features/accounts/social-providers-query.ts';
import { invoicesQuery } from '../features/billing/invoices-query.ts';
import { dashboardQueries } from '../features/dashboard/dashboard-queries.ts';
import { destinationQuery } from '../features/destinations/destination-query.ts';
import { subscriptionQuery } from '../features/subscriptions/subscription-query.ts';
import { authClient } from '../lib/auth-client.ts';

type Prefetch = (client: QueryClient, subscriptionId: string, params: Record<string, string>) => void;

/**
 * What a page's first screen reads, beyond its workspace: the dashboard's four figures, a
 * destination (the mapping editor), the log's and the invoices' first pages.
 */
const pageData: Partial<Record<PageKey, Prefetch>> = {
  destinationDetails: (client, id, { destinationId }) => {
    if (destinationId) void client.prefetchQuery(destinationQuery(id, destinationId));
  },
  activityLog: (client, id) =>
    void client.prefetchQuery(activityLogQuery(id, queryOf(noFilters, 1, firstLogPageSize))),
  billing: (client, id) => void client.prefetchQuery(invoicesQuery(id, 1, defaultPageSize)),
  subscription: (client, id) => {
    const { counts, summary, usage, recent } = dashboardQueries(id);
    void client.prefetchQuery(counts);
    void client.prefetchQuery(summary);
    void client.prefetchQuery(usage);
    void client.prefetchQuery(recent);
  },
};

/** The pages with the sign-in provider buttons: they appear once the list is in. */
const socialSignInPages: ReadonlySet<PageKey> = new Set(['signIn', 'signUp']);

/**
 * Starts the calls a workspace page's first screen waits for — the workspace, then the page's own
 * figures — as soon as the session says who is signed in, side by side with the page's code.
 * Left to the components, each waits for the one above it to render: the session, the layout's
 * workspace (its permissions guard the page), then the page's queries, one round trip after another.
 * They find the answers in the query cache. Nothing is fetched for a visitor who is not signed in,
 * but the sign-in providers' list for the pages that show it.
 */
export const prefetchRouteData = (pathname: string, client: QueryClient): void => {
  const route = matchRoute(pathname);
  if (route && socialSignInPages.has(route.definition.key)) void client.prefetchQuery(socialProvidersQuery);
  const subscriptionId = route?.params.id;
  if (!route || route.definition.layout !== 'subscription' || !subscriptionId) return;
  const session = authClient.$store.atoms.session;
  if (!session) return;
  const stop = session.subscribe((value: { isPending: boolean; data: unknown }) => {
    if (value.isPending) return;
    // Unsubscribing inside the first (synchronous) call would run before `stop` exists.
    queueMicrotask(() => stop());
    if (!value.data) return;
    void client.prefetchQuery(subscriptionQuery(subscriptionId));
    pageData[route.definition.key]?.(client, subscriptionId, route.params);
  });
};
