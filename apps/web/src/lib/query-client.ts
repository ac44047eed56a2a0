import { QueryClient } from '@tanstack/react-query';
import { AppError, type ErrorCode } from '@billbridge/contract';

/** Only failures that may pass on their own are worth a second try; a 404 or 403 will not change. */
const transient = new Set<ErrorCode>(['unavailable', 'deadline-exceeded', 'aborted', 'internal', 'unknown']);

export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && (!(error instanceof AppError) || transient.has(error.code));

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
