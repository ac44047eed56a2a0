import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { deferredStyles } from './build/deferred-styles.ts';
import { routeChunks } from './build/route-chunks.ts';

/**
 * The SPA build, on React 19 (decision 050). Layouts and pages load lazily (src/app/route-table.tsx),
 * so the entry carries only the shell; `manifest.json` lets `bench/bundle-size.ts` follow what one
 * route needs. Everything the entry imports statically is one chunk (the `$initial` group): left to
 * Rolldown, it was the entry plus 24 preloaded chunks of 1–2 KB, and a phone on a slow network waits
 * for each request in turn over HTTP/1.1's six connections (decision 061). The lazy pages keep
 * Rolldown's own chunking, which sends each page only what it uses, except the UI library's parts
 * most pages share, which travel together (decision 076). The entry's stylesheet is preloaded, not
 * linked, so index.html's shell paints before it (`build/deferred-styles.ts`). `@vitejs/plugin-react` gives
 * `npm run dev` React Fast Refresh. In dev, `/api` goes to the server on port 3000.
 *
 * Every text asset gets a `.br` (quality 11) and a `.gz` (level 9) beside it, which the server sends
 * to a browser that accepts them (apps/server/src/http/spa.ts); `index.html` is compressed by the
 * server as it goes out, so it stays one file.
 */
export default defineConfig({
  plugins: [
    react(),
    routeChunks(),
    deferredStyles(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/index\.html$/, /\.vite\//, /route-chunks\.json$/],
      logLevel: 'silent',
    }),
  ],
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // The UI library's parts that three or more lazy chunks share travel as one file
            // (decision 076): Rolldown made each its own 1–2 KB chunk, and a signed-in page waited
            // for 50 of them over HTTP/1.1's six connections.
            {
              name: 'shared-ui',
              test: /node_modules[\\/](@mantine|@tabler|@floating-ui)[\\/]/,
              minShareCount: 3,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
