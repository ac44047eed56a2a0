import type { GuardPermission } from '@billbridge/contract';

/** Why an owner-only button is disabled (spec §6); the tooltip says it. Canceled wins: it is final. */
export type OwnerActionBlock = 'alreadyCanceled' | 'ownerOnly' | null;

export const ownerActionBlock = (held: readonly GuardPermission[], status: string): OwnerActionBlock => {
  if (status === 'canceled') return 'alreadyCanceled';
  if (!held.includes('owner')) return 'ownerOnly';
  return null;
};

/** Admin actions (invite, revoke) are open to every admin, until the workspace is canceled. */
export const canceledBlock = (status: string): OwnerActionBlock =>
  status === 'canceled' ? 'alreadyCanceled' : null;
