import { useState } from 'react';
import { authClient, type SessionUser } from '../../lib/auth-client.ts';

export type AuthState =
  { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; user: SessionUser };

/**
 * Who is signed in. `loading` only until the first answer: later refetches (after sign-in or sign-out)
 * keep the last known state instead of flashing a spinner over the page that caused them.
 */
export const useAuthState = (): AuthState => {
  const session = authClient.useSession();
  const [known, setKnown] = useState(!session.isPending);
  if (!session.isPending && !known) setKnown(true);

  if (session.data) return { status: 'signed-in', user: session.data.user };
  if (session.isPending && !known) return { status: 'loading' };
  return { status: 'anonymous' };
};

/** Re-reads the session; await it before navigating so guards already see the change. */
export const useRefreshSession = (): (() => Promise<void>) => {
  const { refetch } = authClient.useSession();
  return () => refetch();
};

/** The signed-in user, for pages behind the sign-in guard; undefined only while signing out. */
export const useSignedInUser = (): SessionUser | undefined => {
  const auth = useAuthState();
  return auth.status === 'signed-in' ? auth.user : undefined;
};
