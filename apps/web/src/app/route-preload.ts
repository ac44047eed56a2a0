import { matchRoute } from '@billbridge/contract';
import { layouts, loadPage } from './route-table.tsx';

/**
 * Starts downloading what the address's page needs — its layouts, its chunk, their translations —
 * as soon as the entry runs, instead of one after the other as each lazy level renders; the lazy
 * components then find them loaded. The server names the same chunks in the HTML it answers
 * (`apps/web/build/route-chunks.ts`), so the browser may already have them.
 */
export const preloadRoute = (pathname: string): void => {
  const definition = matchRoute(pathname)?.definition;
  const key = definition?.key;
  if (!definition || !key || key === 'home') return;
  const needed =
    definition.layout === 'subscription'
      ? [layouts.main, layouts.subscription]
      : [layouts[definition.layout]];
  // A failed load shows where the page renders, through its error boundary, not here.
  for (const load of [...needed, () => loadPage(key)]) load().catch(() => undefined);
};
