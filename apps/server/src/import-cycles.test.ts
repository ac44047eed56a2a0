import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** dpdm matches its globs from the working directory, wherever Vitest was started. */
const globFrom = (folder: string, pattern: string) =>
  path.join(path.relative(process.cwd(), path.join(root, folder)), pattern);

/** Every import circle, each as `a -> b -> a`; `import type` counts, as does a dynamic `import()`. */
const importCycles = async (): Promise<string[]> => {
  const tree = await parseDependencyTree(
    [globFrom('apps/server/src', '**/*.ts'), globFrom('packages', '*/src/**/*.{ts,tsx}')],
    {
      context: root,
      tsconfig: path.join(root, 'apps/server/tsconfig.json'),
      transform: false,
      skipDynamicImports: false,
    },
  );
  return parseCircular(tree).map((cycle) => [...cycle, cycle[0]].join(' -> '));
};

describe('the import graph of apps/server/src and packages', () => {
  it('has no circle, type imports included', { timeout: 60_000 }, async () => {
    expect(await importCycles()).toEqual([]);
  });
});
