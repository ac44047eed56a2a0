import type { Language } from '../../i18n/languages.ts';
import index from './content/index.json';

/** A page of the user guide: its slug in the URL and its title in each language. */
export type DocsEntry = { slug: string; title: Record<Language, string> };

/** The user guide's pages in reading order (`content/index.json`); the first is `/docs` itself. */
export const docsPages: readonly DocsEntry[] = index;

export const findDocsPage = (slug: string | undefined): DocsEntry | undefined =>
  slug === undefined ? docsPages[0] : docsPages.find((entry) => entry.slug === slug);

/** Each page's Markdown per language, loaded with the page (never in the first chunk). */
const sources = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default' });

export const loadDocsMarkdown = async (language: Language, slug: string): Promise<string> => {
  const load = sources[`./content/${language}/${slug}.md`] ?? sources[`./content/en/${slug}.md`];
  if (!load) throw new Error(`No documentation page ${slug}`);
  return load();
};
