import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appStylesReady } from './app/app-styles.ts';
import { prefetchRouteData } from './app/route-data.ts';
import { preloadRoute } from './app/route-preload.ts';
import { i18nReady } from './i18n/i18n.ts';
import { authClient } from './lib/auth-client.ts';
import { createQueryClient } from './lib/query-client.ts';

// zod, loaded later with the forms, compiles parsers with `new Function` once a probe finds eval
// works; the page's CSP forbids eval, so the probe alone is a violation the browser reports. zod 4
// keeps its settings (`z.config`) in this global, which it reads when it loads: parse without
// compiling. Set here, the entry carries none of zod's code.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// What the first screen waits for starts now, side by side: the session, the page's chunks and
// translations, the language's own chunk, and once the session is known the page's data. The
// session store stays subscribed for the tab's life, as the layouts that read it would keep it.
authClient.$store.atoms.session?.subscribe(() => undefined);
preloadRoute(window.location.pathname);
// A call refused for want of a session re-reads it: the guard then signs the tab out.
const queryClient = createQueryClient(() => authClient.$store.notify('$sessionSignal'));
prefetchRouteData(window.location.pathname, queryClient);

// The first render replaces index.html's shell, once the translations and the stylesheet (which
// index.html only preloads, so the shell paints without it) are in. As a transition it yields to the browser every few
// milliseconds instead of holding the main thread for the whole tree (a phone's taps stay answered).
void Promise.allSettled([i18nReady, appStylesReady()]).finally(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  ),
);
