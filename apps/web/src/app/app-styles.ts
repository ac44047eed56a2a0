/** The attribute the build marks the entry's preloaded stylesheets with (`build/deferred-styles.ts`). */
export const deferredStyleAttribute = 'data-app-styles';

const applied = (preload: HTMLLinkElement): Promise<void> =>
  new Promise((resolve) => {
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = preload.href;
    if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
    // A stylesheet that fails to load must not keep the app from rendering at all.
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
    preload.after(sheet);
  });

/**
 * Applies the stylesheets index.html only preloads, and resolves once they are in: the app's first
 * render waits for this, so no page is drawn unstyled, while index.html's shell paints before the
 * CSS arrives (decision 076). In development Vite injects the styles itself: nothing to wait for.
 */
export const appStylesReady = (): Promise<void> =>
  Promise.all(
    [...document.querySelectorAll<HTMLLinkElement>(`link[${deferredStyleAttribute}]`)].map(applied),
  ).then(() => undefined);
