import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * The SPA build, on React 19 (decision 050). Layouts and pages load lazily (src/app/route-table.tsx),
 * so the entry carries only the shell; `manifest.json` lets `bench/bundle-size.ts` follow what one
 * route needs. Rolldown's own chunking beat every manual grouping tried. `@vitejs/plugin-react` gives
 * `npm run dev` React Fast Refresh. In dev, `/api` goes to the server on port 3000.
 *
 * Every text asset gets a `.br` (quality 11) and a `.gz` (level 9) beside it, which the server sends
 * to a browser that accepts them (apps/server/src/http/spa.ts); `index.html` is compressed by the
 * server as it goes out, so it stays one file.
 */
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/index\.html$/, /\.vite\//],
      logLevel: 'silent',
    }),
  ],
  build: { manifest: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
