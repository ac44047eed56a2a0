import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The SPA build. Layouts and pages load lazily (src/app/route-table.tsx), so the entry carries only
 * the shell; `manifest.json` lets `bench/bundle-size.ts` follow what one route needs. Rolldown's own
 * chunking beat every manual grouping tried. In dev, `/api` goes to the server on port 3000.
 */
export default defineConfig({
  plugins: [react()],
  build: { manifest: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
