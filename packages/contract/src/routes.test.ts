import { describe, expect, it } from 'vitest';
import { matchRoute, routeDefinitions, routes } from './routes.ts';

describe('route table', () => {
  it('has every page key the spec names', () => {
    const specKeys = [
      'home',
      'signIn',
      'signUp',
      'resetPassword',
      'dashboard',
      'profile',
      'editName',
      'editEmail',
      'changePassword',
      'deleteAccount',
      'createPlan',
      'subscription',
      'users',
      'invite',
      'billing',
      'settings',
      'changePlan',
      'cancelSubscription',
      'managePaymentMethods',
      'updateBillingDetails',
      'transferOwnership',
      'sourcesList',
      'sourceTypeSelection',
      'sourceCreate',
      'sourceDetails',
      'destinationsList',
      'destinationTypeSelection',
      'destinationDetails',
    ];
    expect(Object.keys(routes)).toEqual(expect.arrayContaining(specKeys));
  });

  it('gives every route a distinct path', () => {
    const paths = routeDefinitions.map((definition) => definition.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('nests every subscription-layout route under /subscription/:id', () => {
    const nested = routeDefinitions.filter((definition) => definition.layout === 'subscription');
    expect(nested.length).toBe(19);
    for (const { path } of nested) expect(path.startsWith(routes.subscription)).toBe(true);
  });

  it('asks access for the workspace dashboard, admin for management and owner for billing changes', () => {
    const requires = Object.fromEntries(
      routeDefinitions.map((definition) => [definition.key, definition.requires]),
    );
    expect(requires.subscription).toEqual({ allOf: ['access'] });
    expect(requires.users).toEqual({ allOf: ['admin'] });
    expect(requires.destinationDetails).toEqual({ allOf: ['admin'] });
    expect(requires.activityLog).toEqual({ allOf: ['admin'] });
    expect(requires.changePlan).toEqual({ allOf: ['owner'] });
    expect(requires.transferOwnership).toEqual({ allOf: ['owner'] });
  });

  it('keeps account pages and the user guide public and everything else behind sign-in', () => {
    const publicKeys = routeDefinitions
      .filter((definition) => definition.requires === 'public')
      .map((d) => d.key);
    expect(publicKeys).toEqual(['signIn', 'signUp', 'resetPassword', 'authAction', 'docs', 'docsPage']);
    expect(routes.stripeCallback).toBe('/stripe/callback');
    expect(routes.hubspotCallback).toBe('/hubspot/callback');
  });

  it('matches an address to its route, a static segment before a parameter', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(matchRoute('/signin')?.definition.key).toBe('signIn');
    expect(matchRoute(`/subscription/${id}/sources/new`)?.definition.key).toBe('sourceTypeSelection');
    expect(matchRoute(`/subscription/${id}/sources/src_1`)).toEqual({
      definition: expect.objectContaining({ key: 'sourceDetails' }),
      params: { id, sourceId: 'src_1' },
    });
    expect(matchRoute('/docs/what%20syncs')?.params).toEqual({ slug: 'what syncs' });
    expect(matchRoute('/')?.definition.key).toBe('home');
    expect(matchRoute('/subscription')).toBeUndefined();
    expect(matchRoute('/nowhere/at/all')).toBeUndefined();
  });
});
