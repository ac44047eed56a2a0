import { Anchor, Table, Typography } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { routes } from '@billbridge/contract';
import { TableScroll } from '../../components/table-scroll.tsx';

/**
 * Where a link in the guide goes: `./slug` to another page of the guide, `/path` inside the app,
 * anything else out of it (a new tab).
 */
export const linkTarget = (href: string): { internal: string } | { external: string } => {
  if (href.startsWith('./')) return { internal: `${routes.docs}/${href.slice(2)}` };
  if (href.startsWith('/') && !href.startsWith('//')) return { internal: href };
  return { external: href };
};

const MarkdownLink = ({ href = '', children }: ComponentProps<'a'>) => {
  const target = linkTarget(href);
  return 'internal' in target ? (
    <Anchor component={Link} to={target.internal}>
      {children}
    </Anchor>
  ) : (
    <Anchor href={target.external} target="_blank" rel="noreferrer">
      {children}
    </Anchor>
  );
};

const MarkdownTable = ({ children }: { children?: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={480} label={t('docs.table')}>
      <Table withTableBorder withColumnBorders striped>
        {children}
      </Table>
    </TableScroll>
  );
};

const components: Components = {
  a: MarkdownLink,
  table: MarkdownTable,
};

/** The guide's Markdown (CommonMark and GFM tables, no raw HTML) in Mantine's typography. */
export const Markdown = ({ source }: { source: string }) => (
  <Typography>
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
      {source}
    </ReactMarkdown>
  </Typography>
);

export default Markdown;
