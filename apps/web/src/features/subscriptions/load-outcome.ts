import {
  AppError,
  defaultPermission,
  heldPermissions,
  type GuardPermission,
  type Subscription,
} from '@billbridge/contract';

/** The spec §4 endings of a subscription screen load, besides "loaded". */
export const loadFailures = ['noId', 'notAuthenticated', 'notFound', 'accessDenied', 'fetchError'] as const;
export type LoadFailure = (typeof loadFailures)[number];

export type LoadOutcome =
  | { kind: 'loading' }
  | { kind: 'loaded'; subscription: Subscription; held: GuardPermission[] }
  | { kind: LoadFailure };

export type LoadState = {
  subscriptionId: string | undefined;
  /** Undefined while the session is unknown, null when nobody is signed in. */
  userId: string | null | undefined;
  data: Subscription | undefined;
  error: unknown;
};

const failureOf = (error: unknown): LoadFailure => {
  if (!(error instanceof AppError)) return 'fetchError';
  // The only input is the id, so an id the server refuses to read (invalid-argument) names none.
  switch (error.code) {
    case 'not-found':
    case 'invalid-argument':
      return 'notFound';
    case 'permission-denied':
      return 'accessDenied';
    case 'unauthenticated':
      return 'notAuthenticated';
    default:
      return 'fetchError';
  }
};

/** Ends every load in exactly one outcome, checked in the spec's order. */
export const subscriptionLoadOutcome = ({ subscriptionId, userId, data, error }: LoadState): LoadOutcome => {
  if (!subscriptionId?.trim()) return { kind: 'noId' };
  if (userId === null) return { kind: 'notAuthenticated' };
  if (error) return { kind: failureOf(error) };
  if (!data || userId === undefined) return { kind: 'loading' };
  // Spec §6: a workspace is open only to users on its default permission's list.
  if (!data.permissions[defaultPermission].includes(userId)) return { kind: 'accessDenied' };
  return {
    kind: 'loaded',
    subscription: data,
    held: heldPermissions(data.permissions, data.owner_id, userId),
  };
};
