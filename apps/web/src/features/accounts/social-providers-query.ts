import { queryOptions } from '@tanstack/react-query';
import { identity } from './identity.ts';

/**
 * The sign-in providers the server has enabled (spec §1). Apart from the buttons so the entry can
 * start the call with the session (`app/route-data.ts`). A failed call reads as no providers: the
 * password form still works.
 */
export const socialProvidersQuery = queryOptions({
  queryKey: ['socialProviders'],
  queryFn: async () => (await identity.socialProviders()).data?.providers ?? [],
  staleTime: Infinity,
});
