import { matchPath } from 'react-router';
import { routeDefinitions, type RouteDefinition } from '@billbridge/contract';
import { layouts, loadPage } from './route-table.tsx';

/** Static segments outrank parameters, as in the router's own ranking (`/sources/new` over `/sources/:id`). */
const staticSegments = ({ path }: RouteDefinition) =>
  path.split('/').filter((part) => part && !part.startsWith(':')).length;

/**
 * Starts downloading what the address's page needs — its layouts, its chunk, their translations —
 * as soon as the entry runs, instead of one after the other as each lazy level renders; the lazy
 * components then find them loaded.
 */
export const preloadRoute = (pathname: string): void => {
  const matches = routeDefinitions.filter((definition) => matchPath(definition.path, pathname));
  const definition = matches.sort((a, b) => staticSegments(b) - staticSegments(a))[0];
  const key = definition?.key;
  if (!definition || !key || key === 'home') return;
  const needed =
    definition.layout === 'subscription'
      ? [layouts.main, layouts.subscription]
      : [layouts[definition.layout]];
  // A failed load shows where the page renders, through its error boundary, not here.
  for (const load of [...needed, () => loadPage(key)]) load().catch(() => undefined);
};
