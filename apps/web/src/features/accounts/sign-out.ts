import { authClient } from '../../lib/auth-client.ts';

let leaving = false;

/**
 * Signs out and leaves through a full page load, so nothing of this user's data stays in memory.
 * Until that load, `isLeaving()` keeps the page guard from first redirecting to sign-in in the app:
 * that redirect would let a click land on a page the full load is about to replace.
 */
export const signOutAndLoad = async (destination: string): Promise<void> => {
  leaving = true;
  await authClient.signOut();
  window.location.assign(destination);
};

export const isLeaving = (): boolean => leaving;
