import { describe, expect, it } from 'vitest';
import { activityReasons } from '@billbridge/contract';
import { isRetriable } from './retriable.ts';

describe('the retry offered for an activity', () => {
  it('is offered for a failed or a held event', () => {
    expect(isRetriable({ status: 'failure', held: false, reason: 'HubSpot answered 400' })).toBe(true);
    expect(isRetriable({ status: 'warning', held: true, reason: activityReasons.heldForCap })).toBe(true);
    expect(isRetriable({ status: 'success', held: false, reason: null })).toBe(false);
  });

  it('is not offered for an event whose body the database could not store, which no retry can sync', () => {
    expect(isRetriable({ status: 'failure', held: false, reason: activityReasons.unstorableBody })).toBe(
      false,
    );
  });
});
