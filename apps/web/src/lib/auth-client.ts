import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client; the server mounts it at `/api/auth` on the same origin. */
export const authClient = createAuthClient({ baseURL: window.location.origin });

export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user'];
