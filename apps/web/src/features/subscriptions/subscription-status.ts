import type { KnownSubscriptionStatus } from '@billbridge/contract';

/** Spec §4: active green, capped red, past_due yellow, anything else grey. */
export const statusColor = (status: string): string => {
  switch (status) {
    case 'active':
      return 'green';
    case 'capped':
      return 'red';
    case 'past_due':
      return 'yellow';
    default:
      return 'gray';
  }
};

// A type-checked copy of the contract's list: importing the list itself would pull zod into this chunk.
const known: Record<KnownSubscriptionStatus, true> = {
  active: true,
  capped: true,
  past_due: true,
  canceled: true,
};

export const isKnownStatus = (status: string): status is KnownSubscriptionStatus =>
  Object.hasOwn(known, status);
