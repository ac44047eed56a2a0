import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AppError, type ErrorCode } from '@billbridge/contract';

/** Only failures that may pass on their own are worth a second try; a 404 or 403 will not change. */
const transient = new Set<ErrorCode>(['unavailable', 'deadline-exceeded', 'aborted', 'internal', 'unknown']);

export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && (!(error instanceof AppError) || transient.has(error.code));

export const isUnauthenticated = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'unauthenticated';

/**
 * `onSessionLost` runs whenever the server answers a call with `unauthenticated`: the session ended
 * elsewhere (signed out everywhere, account disabled, expired), so the tab re-reads it and the page
 * guard signs it out (spec §4 session).
 */
export const createQueryClient = (onSessionLost: () => void = () => undefined) => {
  const onError = (error: unknown) => {
    if (isUnauthenticated(error)) onSessionLost();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
};
