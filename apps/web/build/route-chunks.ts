import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { languageCodes, routeDefinitions, type LanguageCode, type PageKey } from '@billbridge/contract';
import { pageNamespaces, subscriptionLayoutNamespaces } from '../src/app/page-namespaces.ts';
import { featureNamespaces, type Namespace } from '../src/i18n/namespaces.ts';

/** Per page key and language, the files a first visit to that page loads after the entry. */
export type RouteChunks = Partial<Record<PageKey, Record<LanguageCode, string[]>>>;

export const routeChunksFile = 'route-chunks.json';

type Node = { type?: string; [field: string]: unknown };

/** The string sources of every `import()` under an AST node. */
const dynamicImports = (node: unknown, found: string[] = []): string[] => {
  if (Array.isArray(node)) for (const child of node) dynamicImports(child, found);
  else if (node && typeof node === 'object') {
    const { type, source } = node as Node;
    if (type === 'ImportExpression' && typeof (source as Node | undefined)?.value === 'string') {
      found.push((source as { value: string }).value);
    }
    for (const child of Object.values(node)) dynamicImports(child, found);
  }
  return found;
};

/** `export const NAME = { key: () => import('…'), … }`: each key's import() sources. */
const importsPerKey = (program: unknown, name: string): Map<string, string[]> => {
  const found = new Map<string, string[]>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const { type, id, init } = node as Node;
    if (
      type === 'VariableDeclarator' &&
      (id as Node).name === name &&
      (init as Node)?.type === 'ObjectExpression'
    ) {
      for (const property of (init as { properties: Node[] }).properties) {
        const key = (property.key as Node | undefined)?.name;
        if (typeof key === 'string') found.set(key, dynamicImports(property.value));
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(program);
  return found;
};

const namespacesOf = (key: PageKey, layout: string): Namespace[] => [
  'common',
  ...(pageNamespaces[key] ?? featureNamespaces),
  ...(layout === 'subscription' ? subscriptionLayoutNamespaces : []),
];

/**
 * Writes `route-chunks.json` beside `index.html`: for every page and language, the chunks the web app
 * loads for it once the entry has run — its layouts, its page, their translations (English too, the
 * fallback), each with its static imports, less what the entry already loads. The server names them
 * in the HTML it answers for that page (`apps/server/src/http/spa.ts`), so a phone fetches them beside
 * the entry instead of after it. Where a page's chunk comes from is read from the code itself: the
 * `pages` table (`src/app/pages.ts`) and the `layouts` table (`src/app/route-table.tsx`).
 */
export const routeChunks = (): Plugin => {
  const pages = new Map<string, string[]>();
  const layouts = new Map<string, string[]>();
  const resolveAll = async (
    context: { resolve: (source: string, importer: string) => Promise<{ id: string } | null> },
    sources: Map<string, string[]>,
    importer: string,
    into: Map<string, string[]>,
  ) => {
    for (const [key, specifiers] of sources) {
      const ids = await Promise.all(specifiers.map((specifier) => context.resolve(specifier, importer)));
      into.set(
        key,
        ids.flatMap((resolved) => (resolved ? [resolved.id] : [])),
      );
    }
  };
  return {
    name: 'billbridge:route-chunks',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (id.endsWith(`${path.sep}app${path.sep}pages.ts`)) {
        await resolveAll(this, importsPerKey(this.parse(code), 'pages'), id, pages);
      } else if (id.endsWith(`${path.sep}app${path.sep}route-table.tsx`)) {
        await resolveAll(this, importsPerKey(this.parse(code), 'layouts'), id, layouts);
      }
      return null;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const loadedByEntry = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, loadedByEntry);
      const chunkOf = (moduleId: string) =>
        chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === moduleId)?.fileName;
      const translationChunk = (language: LanguageCode, namespace: Namespace) =>
        chunks.find(
          (chunk) =>
            chunk.isDynamicEntry &&
            chunk.facadeModuleId?.endsWith(path.join('src', 'i18n', language, `${namespace}.ts`)),
        )?.fileName;

      const table: RouteChunks = {};
      for (const { key, layout } of routeDefinitions) {
        const modules = [
          ...(layout === 'subscription' ? ['main', 'subscription'] : [layout]).flatMap(
            (name) => layouts.get(name) ?? [],
          ),
          ...(pages.get(key) ?? []),
        ];
        if (!pages.has(key)) continue;
        const perLanguage = {} as Record<LanguageCode, string[]>;
        for (const language of languageCodes) {
          const readers = language === 'en' ? ['en' as const] : [language, 'en' as const];
          const roots = [
            ...modules.map(chunkOf),
            ...readers.flatMap((reader) =>
              namespacesOf(key, layout).map((namespace) => translationChunk(reader, namespace)),
            ),
          ].filter((file): file is string => Boolean(file));
          const files = new Set<string>();
          for (const root of roots) withImports(root, files);
          perLanguage[language] = [...files].filter((file) => !loadedByEntry.has(file));
        }
        table[key] = perLanguage;
      }
      this.emitFile({ type: 'asset', fileName: routeChunksFile, source: JSON.stringify(table) });
    },
  };
};
