import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const reactOnPreact = fileURLToPath(new URL('./src/lib/react-on-preact.mjs', import.meta.url));

/**
 * The SPA build. Layouts and pages load lazily (src/app/route-table.tsx), so the entry carries only
 * the shell; `manifest.json` lets `bench/bundle-size.ts` follow what one route needs. Rolldown's own
 * chunking beat every manual grouping tried. In dev, `/api` goes to the server on port 3000.
 *
 * React's API runs on Preact (decision 039): every `react` and `react-dom` import, ours and the
 * libraries', resolves to `preact/compat`, which weighs ~10 KB gzip where react-dom weighs ~64.
 * Oxc compiles JSX for React's automatic runtime, aliased the same way.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^react$/, replacement: reactOnPreact },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: { manifest: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
