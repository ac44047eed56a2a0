import { describe, expect, it } from 'vitest';
import { AppError, connectionMessages } from '@billbridge/contract';
import { failureOutcome } from './callback-page.tsx';

describe('failureOutcome', () => {
  it('names "already connected" by the message, as spec §8 says', () => {
    expect(failureOutcome(new AppError('already-exists', connectionMessages.sourceAlreadyConnected))).toBe(
      'alreadyConnected',
    );
    expect(failureOutcome(new AppError('already-exists', connectionMessages.accountAlreadyConnected))).toBe(
      'alreadyConnected',
    );
  });

  it('calls a refusal of the server a failed connection, and anything else unexpected', () => {
    expect(failureOutcome(new AppError('invalid-argument', connectionMessages.invalidState))).toBe(
      'connectionFailed',
    );
    expect(failureOutcome(new AppError('internal', 'boom'))).toBe('unexpected');
    expect(failureOutcome(new TypeError('network'))).toBe('unexpected');
  });
});
