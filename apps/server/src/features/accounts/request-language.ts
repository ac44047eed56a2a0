import type { LanguageCode } from '@billbridge/contract';

/**
 * The interface language a request was made in: the web app sends its UI language as
 * `Accept-Language` on every `/api/auth` call, so a sign-up's first e-mail already speaks it.
 * Only the first tag counts; anything that is not Chinese is English (the fallback).
 */
export const requestLanguageOf = (headers: Headers | undefined | null): LanguageCode | undefined => {
  const header = headers?.get('accept-language');
  if (!header) return undefined;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (!first || first === '*') return undefined;
  return first.startsWith('zh') ? 'zh' : 'en';
};
