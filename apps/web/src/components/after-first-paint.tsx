import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `fallback` with the screen around it, then `children` in a deferred render of their own:
 * React paints the rest first and renders them in slices that yield to the browser, so a heavy
 * part (the dashboard's chart) neither delays the page's first paint nor holds a phone's main
 * thread in one long task (decision 076). Mounted where data has just arrived, it turns that
 * arrival's render — synchronous, since the session and the queries reach React through
 * `useSyncExternalStore` — into one React slices (decision 080).
 */
export const AfterFirstPaint = ({ children, fallback }: { children: ReactNode; fallback: ReactNode }) =>
  useDeferredValue(true, false) ? children : fallback;
