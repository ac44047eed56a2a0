import type { Plugin } from 'vite';
import { deferredStyleAttribute } from '../src/app/app-styles.ts';

const stylesheetLink = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g;

/** Vite's `<link rel="stylesheet">` tags in `html` as preloads the entry applies itself. */
export const deferStylesheets = (html: string): string =>
  html.replace(
    stylesheetLink,
    (_, crossorigin: string | undefined, href: string) =>
      `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" ${deferredStyleAttribute}>`,
  );

/**
 * The entry's stylesheet stops blocking the first paint (decision 076). Vite links it with
 * `rel="stylesheet"` in the head, so nothing — not even index.html's own app shell, styled inline —
 * paints until the whole of Mantine's CSS (29 KB brotli) has arrived. Here it becomes a
 * `preload`: fetched as early, at the same priority, but painted past; the entry applies it and
 * waits for it before its first render (`src/app/app-styles.ts`), so no page is drawn unstyled.
 */
export const deferredStyles = (): Plugin => ({
  name: 'billbridge:deferred-styles',
  apply: 'build',
  transformIndexHtml: { order: 'post', handler: deferStylesheets },
});
