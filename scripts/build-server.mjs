#!/usr/bin/env node
// `npm run build:server`: the production processes as plain JavaScript, so they start on `node`
// alone (no TypeScript loader at run time). One ES module per entry point; the workspace packages
// (contract, sandbox) are bundled in, npm dependencies stay imports resolved from node_modules.
//
// The server's entries land in apps/server/dist/main/, two folders deep like the sources in
// apps/server/src/*/: the files that find the migrations and the web build relative to their own
// module (import.meta.url) then resolve to the same folders compiled as from source.
import { build } from 'esbuild';

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@billbridge/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['start', 'server', 'worker', 'admin'].map((name) => `apps/server/src/main/${name}.ts`),
    outdir: 'apps/server/dist/main',
  }),
  build({ ...common, entryPoints: ['packages/sandbox/src/main.ts'], outdir: 'packages/sandbox/dist' }),
]);
