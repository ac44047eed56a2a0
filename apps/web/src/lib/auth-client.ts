import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';

/**
 * better-auth's browser client; the server mounts it at `/api/auth` on the same origin. Every call
 * carries the UI language (`<html lang>`), so the e-mails a request causes speak it.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  // An idle tab learns within a minute that its session ended elsewhere (spec §4 session).
  sessionOptions: { refetchInterval: 60 },
  // Two-factor sign-in (issue 36): its calls refresh the session; the sign-in page shows the code
  // step itself when the password answers `twoFactorRedirect`.
  plugins: [twoFactorClient()],
  fetchOptions: {
    onRequest: (context) => {
      context.headers.set('accept-language', document.documentElement.lang || 'en');
    },
  },
});

export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user'] & {
  /** better-auth's two-factor plugin adds it to the user (the client plugin does not type it). */
  twoFactorEnabled?: boolean | null;
};
