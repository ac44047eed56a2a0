import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeDefinitions } from '@billbridge/contract';
import { languages } from '../../i18n/languages.ts';
import { docsPages } from './docs-index.ts';
import { linkTarget } from './markdown.tsx';

const content = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content');
const read = (language: string, slug: string) =>
  readFileSync(path.join(content, language, `${slug}.md`), 'utf8');
const linksOf = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');

/**
 * Whether a path leads somewhere: a page of the guide that exists, or a screen of the app (a route's
 * pattern with its parameters filled in).
 */
const resolves = (target: string) => {
  const guide = /^\/docs\/([^/?#]+)$/.exec(target);
  if (guide) return docsPages.some((entry) => entry.slug === guide[1]);
  return routeDefinitions.some(({ path: pattern }) =>
    new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(target.replace(/[?#].*$/, '')),
  );
};

describe('the user guide', () => {
  it('has every page of the index in every language, and no page outside it', () => {
    for (const language of languages) {
      const files = readdirSync(path.join(content, language)).sort();
      expect(files).toEqual(docsPages.map((entry) => `${entry.slug}.md`).sort());
    }
  });

  it('gives every page a title in every language and the same headings structure in both', () => {
    for (const entry of docsPages) {
      for (const language of languages) expect(entry.title[language].trim()).not.toBe('');
      const levels = (language: string) =>
        [...read(language, entry.slug).matchAll(/^(#+) /gm)].map((m) => m[1]);
      expect([entry.slug, levels('zh')]).toEqual([entry.slug, levels('en')]);
    }
  });

  it('links only to pages of the guide and to screens the app has', () => {
    for (const entry of docsPages) {
      for (const language of languages) {
        for (const href of linksOf(read(language, entry.slug))) {
          const target = linkTarget(href);
          if ('external' in target) {
            expect([entry.slug, language, href]).toEqual([
              entry.slug,
              language,
              expect.stringMatching(/^https:\/\//),
            ]);
          } else {
            expect([entry.slug, language, href, resolves(target.internal)]).toEqual([
              entry.slug,
              language,
              href,
              true,
            ]);
          }
        }
      }
    }
  });
});
