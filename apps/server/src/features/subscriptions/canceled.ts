import { AppError, canceledSubscriptionMessage } from '@billbridge/contract';
import type { SubscriptionRow } from '../../db/schema.ts';

/**
 * Canceled is final (spec §4): a canceled workspace stays readable, but nothing on it changes any
 * more — no members, invites, ownership or settings.
 */
export const assertNotCanceled = (row: Pick<SubscriptionRow, 'status'>): void => {
  if (row.status === 'canceled') throw new AppError('failed-precondition', canceledSubscriptionMessage);
};
