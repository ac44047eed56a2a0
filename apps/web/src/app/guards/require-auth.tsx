import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@billbridge/contract';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import {
  pathOf,
  rememberLocation,
  type SignInRedirectState,
} from '../../features/accounts/remembered-location.ts';
import { isLeaving } from '../../features/accounts/sign-out.ts';
import { useAuthState } from '../../features/accounts/use-auth-state.ts';

const RedirectToSignIn = ({ from }: { from: string }) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    rememberLocation(from);
    // A session that ended in this tab leaves nothing of its data for the next one to see.
    queryClient.clear();
  }, [from, queryClient]);
  const state: SignInRedirectState = { from };
  return <Navigate to={routes.signIn} replace state={state} />;
};

/** Page guard, first half (spec §2): anonymous visitors go to sign-in, remembering where they were going. */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const auth = useAuthState();
  const location = useLocation();
  if (auth.status === 'loading' || (auth.status === 'anonymous' && isLeaving())) return <FullScreenLoader />;
  if (auth.status === 'anonymous') return <RedirectToSignIn from={pathOf(location)} />;
  return children;
};
