import { useMatches } from 'react-router';
import type { PageKey } from '@billbridge/contract';

/** Every page route carries its spec page key in `handle`. */
export type PageHandle = { pageKey: PageKey };

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && 'pageKey' in handle && typeof handle.pageKey === 'string';

/** The page key of the deepest matched route that has one. */
export const usePageKey = (): PageKey | undefined => {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isPageHandle(handle)) return handle.pageKey;
  }
  return undefined;
};
