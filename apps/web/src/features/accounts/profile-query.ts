import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

export const profileQueryKey = ['profile'] as const;

/** The signed-in user's auth record and user document; re-read whenever a page shows it. */
export const useProfile = () =>
  useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => call('getProfile', {}, { signal }),
    staleTime: 0,
  });

export const useInvalidateProfile = (): (() => Promise<void>) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: profileQueryKey });
};
