import { routes } from '@billbridge/contract';

/**
 * Where an anonymous visitor was going when the guard sent them to sign in (spec §2). It travels as
 * router state and, to survive a detour to sign-up or a reload, in sessionStorage.
 */
const storageKey = 'billbridge.afterSignIn';

export type LocationLike = { pathname: string; search?: string; hash?: string };

export const pathOf = ({ pathname, search = '', hash = '' }: LocationLike): string =>
  `${pathname}${search}${hash}`;

/** Only same-origin app paths, and never back to the account pages themselves. */
export const safeReturnPath = (candidate: unknown): string | undefined => {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return undefined;
  if (candidate.startsWith('//') || candidate.startsWith('/\\')) return undefined;
  const pathname = candidate.split(/[?#]/)[0];
  if (pathname === routes.signIn || pathname === routes.signUp) return undefined;
  return candidate;
};

export type SignInRedirectState = { from: string };

export const fromOfState = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'from' in state ? safeReturnPath(state.from) : undefined;

export const rememberLocation = (path: string): void => {
  try {
    sessionStorage.setItem(storageKey, path);
  } catch {
    // Storage can be off (private mode, quota); the router state still carries the location.
  }
};

/** Reads and forgets the remembered location; `fallback` when there is none. */
export const takeRememberedLocation = (state: unknown, fallback: string): string => {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
  } catch {
    stored = null;
  }
  return fromOfState(state) ?? safeReturnPath(stored) ?? fallback;
};

/** The remembered location without forgetting it: a social sign-in leaves the page and may come back. */
export const peekRememberedLocation = (state: unknown, fallback: string): string => {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(storageKey);
  } catch {
    stored = null;
  }
  return fromOfState(state) ?? safeReturnPath(stored) ?? fallback;
};

export const forgetRememberedLocation = (): void => {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing remembered where storage is off.
  }
};
