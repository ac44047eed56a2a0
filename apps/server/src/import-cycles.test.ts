import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, type Dependency, type DependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const server = 'apps/server/src/';

/** dpdm matches its globs from the working directory, wherever Vitest was started. */
const globFrom = (folder: string, pattern: string) =>
  path.join(path.relative(process.cwd(), path.join(root, folder)), pattern);

/** Every import of `apps/server/src` and `packages`; `import type` counts, as does a dynamic `import()`. */
const importTree = (): Promise<DependencyTree> =>
  parseDependencyTree([globFrom(server, '**/*.ts'), globFrom('packages', '*/src/**/*.{ts,tsx}')], {
    context: root,
    tsconfig: path.join(root, 'apps/server/tsconfig.json'),
    transform: false,
    skipDynamicImports: false,
  });

const asCycles = (circulars: string[][]): string[] =>
  circulars.map((cycle) => [...cycle, cycle[0]].join(' -> '));

/**
 * The folder a server file belongs to, at the level the tiers are drawn (docs/architecture.md):
 * a top folder (`http`, `db`, `main`, …), a feature (`features/sources`, its `backfill/` included),
 * or a stage of the engine (`features/sync/drain`, …); the files at the top (`context.ts`,
 * `logger.ts`) are `src`. Tests and their helpers (`testing/`) are no folder's code: they may
 * drive the whole server.
 */
const folderOf = (file: string): string | undefined => {
  if (!file.startsWith(server) || /\.test\.ts$/.test(file)) return undefined;
  const parts = file.slice(server.length).split('/').slice(0, -1);
  if (parts[0] === 'testing') return undefined;
  if (parts.length === 0) return 'src';
  if (parts[0] !== 'features') return parts[0];
  return parts.slice(0, parts[1] === 'sync' ? 3 : 2).join('/');
};

/** The server's imports with each folder one node: an arrow wherever a file imports another folder's. */
const folderTree = (tree: DependencyTree): DependencyTree => {
  const arrows = new Map<string, Map<string, Dependency>>();
  for (const [file, dependencies] of Object.entries(tree)) {
    const from = folderOf(file);
    if (!from) continue;
    const out = arrows.get(from) ?? new Map<string, Dependency>();
    arrows.set(from, out);
    for (const dependency of dependencies ?? []) {
      const to = dependency.id ? folderOf(dependency.id) : undefined;
      if (to && to !== from) out.set(to, { ...dependency, issuer: from, id: to });
    }
  }
  return Object.fromEntries([...arrows].map(([folder, out]) => [folder, [...out.values()]]));
};

describe('the import graph of apps/server/src and packages', () => {
  let tree: DependencyTree;
  beforeAll(async () => {
    tree = await importTree();
  }, 60_000);

  it('has no circle, type imports included', () => {
    expect(asCycles(parseCircular(tree))).toEqual([]);
  });

  it('has no circle between the folders of the server', () => {
    const folders = folderTree(tree);
    expect(Object.keys(folders)).toEqual(
      expect.arrayContaining(['main', 'features/inbox', 'features/sync/drain']),
    );
    expect(asCycles(parseCircular(folders))).toEqual([]);
  });
});
