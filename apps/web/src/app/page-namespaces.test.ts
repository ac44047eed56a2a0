import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeDefinitions } from '@billbridge/contract';
import { en } from '../i18n/en.ts';
import { featureNamespaces } from '../i18n/namespaces.ts';
import { pageNamespaces, subscriptionLayoutNamespaces } from './page-namespaces.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const english = import.meta.glob<Record<string, unknown>>('../i18n/en/*.ts', {
  import: 'default',
  eager: true,
});
/** The namespace that holds each top-level group of texts. */
const namespaceOfGroup = new Map(
  Object.entries(english).flatMap(([file, groups]) =>
    Object.keys(groups).map((group) => [group, path.basename(file, '.ts')] as const),
  ),
);
const groupPattern = new RegExp(`[\`'"](${Object.keys(en).join('|')})\\.`, 'g');

/** Every group of texts a module and the modules it imports (relative, statically) name. */
const groupsUsedFrom = (entry: string): Set<string> => {
  const groups = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, group] of source.matchAll(groupPattern)) if (group) groups.add(group);
    for (const [, target] of source.matchAll(/^import (?!type )[^;]*? from '(\.[^']+)'/gm))
      if (target && !target.includes('/i18n/')) visit(path.resolve(path.dirname(file), target));
  };
  visit(entry);
  return groups;
};

const pagesSource = readFileSync(path.join(here, 'pages.ts'), 'utf8');
/** Each page key's module, read from `pages.ts`. */
const pageModules = [...pagesSource.matchAll(/^ {2}(\w+): \(\) =>\s*import\('([^']+)'\)/gm)].map(
  ([, key, module]) => [key ?? '', path.resolve(here, module ?? '')] as const,
);

describe('page namespaces', () => {
  it('find every page module', () => {
    expect(pageModules.length).toBeGreaterThan(20);
  });

  it.each(pageModules)('give %s every namespace its texts live in', (key, module) => {
    const definition = routeDefinitions.find((entry) => entry.key === key);
    const loaded = new Set([
      'common',
      ...(pageNamespaces[key as keyof typeof pageNamespaces] ?? featureNamespaces),
      ...(definition?.layout === 'subscription' ? subscriptionLayoutNamespaces : []),
    ]);
    const missing = [...groupsUsedFrom(module)].filter(
      (group) => !loaded.has(namespaceOfGroup.get(group) ?? ''),
    );
    expect(missing).toEqual([]);
  });
});
