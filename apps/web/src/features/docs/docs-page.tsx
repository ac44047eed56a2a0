import { lazy, Suspense, useEffect } from 'react';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { findDocsPage, loadDocsMarkdown } from './docs-index.ts';

const Markdown = lazy(() => import('./markdown.tsx'));

/** One page of the user guide (`/docs` is its first page), in the UI's language. */
export const DocsPage = () => {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { language } = useLanguage();
  const entry = findDocsPage(slug);
  const markdown = useQuery({
    queryKey: ['docs', language, entry?.slug],
    queryFn: () => loadDocsMarkdown(language, entry?.slug ?? ''),
    enabled: entry !== undefined,
    staleTime: Infinity,
  });
  const title = entry?.title[language];
  useEffect(() => {
    document.title = `${title ?? t('pages.docs')} · ${t('app.name')}`;
  }, [title, t]);

  if (!entry) {
    return (
      <Alert color="yellow" role="alert">
        {t('docs.notFound')}
      </Alert>
    );
  }
  if (markdown.isError) {
    return (
      <Alert color="red" role="alert">
        {t('docs.loadError')}
      </Alert>
    );
  }
  if (!markdown.data) return <SectionLoader />;
  return (
    <Suspense fallback={<SectionLoader />}>
      <article aria-label={title}>
        <Markdown source={markdown.data} />
      </article>
    </Suspense>
  );
};
