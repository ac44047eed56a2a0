import { describe, expect, it } from 'vitest';
import { AppError, type Subscription } from '@billbridge/contract';
import { subscriptionLoadOutcome } from './load-outcome.ts';

const subscription: Subscription = {
  id: 'sub_1',
  owner_id: 'owner',
  plan_id: 'free',
  status: 'active',
  settings: { name: 'Acme' },
  permissions: { access: ['owner', 'member'], admin: ['owner'] },
  subscription_current_period_start: 0,
  subscription_current_period_end: 1,
};

const base = { subscriptionId: 'sub_1', userId: 'owner', data: undefined, error: null };

describe('subscriptionLoadOutcome', () => {
  it('ends with "No subscription ID provided" when the id is missing or blank', () => {
    expect(subscriptionLoadOutcome({ ...base, subscriptionId: undefined })).toEqual({ kind: 'noId' });
    expect(subscriptionLoadOutcome({ ...base, subscriptionId: '  ' })).toEqual({ kind: 'noId' });
  });

  it('ends with "User not authenticated" when nobody is signed in', () => {
    expect(subscriptionLoadOutcome({ ...base, userId: null })).toEqual({ kind: 'notAuthenticated' });
  });

  it('keeps loading until both the session and the data are there', () => {
    expect(subscriptionLoadOutcome(base)).toEqual({ kind: 'loading' });
    expect(subscriptionLoadOutcome({ ...base, userId: undefined, data: subscription })).toEqual({
      kind: 'loading',
    });
  });

  it.each([
    ['not-found', 'notFound'],
    ['invalid-argument', 'notFound'],
    ['permission-denied', 'accessDenied'],
    ['unauthenticated', 'notAuthenticated'],
    ['internal', 'fetchError'],
    ['deadline-exceeded', 'fetchError'],
  ] as const)('ends a %s error with %s', (code, kind) => {
    const error = new AppError(code, 'message');
    expect(subscriptionLoadOutcome({ ...base, error })).toEqual({ kind });
  });

  it('treats an error that is not an AppError as a fetch error', () => {
    expect(subscriptionLoadOutcome({ ...base, error: new TypeError('boom') })).toEqual({
      kind: 'fetchError',
    });
  });

  it('denies access to a user missing from the default permission list', () => {
    expect(subscriptionLoadOutcome({ ...base, userId: 'stranger', data: subscription })).toEqual({
      kind: 'accessDenied',
    });
  });

  it('loads with the permissions the user holds, owner included', () => {
    expect(subscriptionLoadOutcome({ ...base, data: subscription })).toEqual({
      kind: 'loaded',
      subscription,
      held: ['access', 'admin', 'owner'],
    });
    expect(subscriptionLoadOutcome({ ...base, userId: 'member', data: subscription })).toEqual({
      kind: 'loaded',
      subscription,
      held: ['access'],
    });
  });
});
