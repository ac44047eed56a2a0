import type { PermissionRequirement } from './permissions.ts';

/**
 * The browser's route table (spec §2) as configuration: every page key with its path, the layout it
 * renders in and what the page guard demands. Paths use `:param` segments (react-router syntax);
 * the server builds OAuth redirect URIs from the two callback paths.
 *
 * The spec leaves the home page's path open: `/` is home and redirects to `/dashboard`, which lists
 * the user's workspaces. `authAction`, `stripeCallback`, `hubspotCallback`, `activityLog`, `auditLog`, `docs` and `docsPage` have
 * no page key in the spec; these keys are ours (the spec's dashboard links /docs).
 */
export const routes = {
  home: '/',
  dashboard: '/dashboard',
  profile: '/profile',
  editName: '/edit-name',
  editEmail: '/edit-email',
  changePassword: '/change-password',
  twoFactor: '/two-factor',
  deleteAccount: '/delete-account',
  createPlan: '/create-plan',

  signIn: '/signin',
  signUp: '/signup',
  resetPassword: '/reset-password',
  authAction: '/auth/action',
  stripeCallback: '/stripe/callback',
  hubspotCallback: '/hubspot/callback',

  subscription: '/subscription/:id',
  users: '/subscription/:id/users',
  invite: '/subscription/:id/users/invite',
  billing: '/subscription/:id/billing',
  settings: '/subscription/:id/settings',
  sourcesList: '/subscription/:id/sources',
  sourceTypeSelection: '/subscription/:id/sources/new',
  sourceCreate: '/subscription/:id/sources/new/:sourceType/create',
  sourceDetails: '/subscription/:id/sources/:sourceId',
  destinationsList: '/subscription/:id/destinations',
  destinationTypeSelection: '/subscription/:id/destinations/new',
  destinationDetails: '/subscription/:id/destinations/:destinationId',
  activityLog: '/subscription/:id/activity',
  auditLog: '/subscription/:id/audit-log',
  changePlan: '/subscription/:id/billing/change-plan',
  cancelSubscription: '/subscription/:id/billing/cancel',
  managePaymentMethods: '/subscription/:id/billing/payment-methods',
  updateBillingDetails: '/subscription/:id/billing/update-details',
  transferOwnership: '/subscription/:id/billing/transfer-ownership',

  docs: '/docs',
  docsPage: '/docs/:slug',
} as const;

export type PageKey = keyof typeof routes;
export const pageKeys = Object.keys(routes) as PageKey[];

/**
 * `main` and `subscription` are for signed-in users; `auth` holds the account and callback pages;
 * `docs` is the user guide, open to anyone.
 */
export type RouteLayout = 'main' | 'auth' | 'subscription' | 'docs';

/** The same vocabulary as functions: anyone, any signed-in user, or permissions on the workspace. */
export type RouteAccess = 'public' | 'signed-in' | PermissionRequirement;

export type RouteDefinition = { key: PageKey; path: string; layout: RouteLayout; requires: RouteAccess };

type Placement = Omit<RouteDefinition, 'key' | 'path'>;

const main: Placement = { layout: 'main', requires: 'signed-in' };
const account: Placement = { layout: 'auth', requires: 'public' };
const callback: Placement = { layout: 'auth', requires: 'signed-in' };
const access: Placement = { layout: 'subscription', requires: { allOf: ['access'] } };
const admin: Placement = { layout: 'subscription', requires: { allOf: ['admin'] } };
const owner: Placement = { layout: 'subscription', requires: { allOf: ['owner'] } };
const docs: Placement = { layout: 'docs', requires: 'public' };

const placement: Record<PageKey, Placement> = {
  home: main,
  dashboard: main,
  profile: main,
  editName: main,
  editEmail: main,
  changePassword: main,
  twoFactor: main,
  deleteAccount: main,
  createPlan: main,
  signIn: account,
  signUp: account,
  resetPassword: account,
  authAction: account,
  stripeCallback: callback,
  hubspotCallback: callback,
  subscription: access,
  users: admin,
  invite: admin,
  billing: admin,
  settings: admin,
  sourcesList: admin,
  sourceTypeSelection: admin,
  sourceCreate: admin,
  sourceDetails: admin,
  destinationsList: admin,
  destinationTypeSelection: admin,
  destinationDetails: admin,
  activityLog: admin,
  auditLog: admin,
  changePlan: owner,
  cancelSubscription: owner,
  managePaymentMethods: owner,
  updateBillingDetails: owner,
  transferOwnership: owner,
  docs,
  docsPage: docs,
};

/** Every route in table order: layout, then the spec's order within it. */
export const routeDefinitions: RouteDefinition[] = pageKeys.map((key) => ({
  key,
  path: routes[key],
  ...placement[key],
}));

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/** A malformed escape (`%E0%A4%A`) is kept as typed rather than thrown: it is still some address. */
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A route's parameters for an address, or undefined when the address is not that route. */
const paramsFor = (path: string, pathname: string): Record<string, string> | undefined => {
  const pattern = segmentsOf(path);
  const address = segmentsOf(pathname);
  if (pattern.length !== address.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const given = address[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decoded(given);
    else if (part !== given) return undefined;
  }
  return params;
};

/** Static segments outrank parameters, as in the router's own ranking (`/sources/new` over `/sources/:id`). */
const staticSegments = ({ path }: RouteDefinition) =>
  segmentsOf(path).filter((part) => !part.startsWith(':')).length;

/**
 * The route an address opens, with its parameters: the web app starts a page's chunks and data
 * with it, and the server names the page's chunks in the HTML it answers.
 */
export const matchRoute = (
  pathname: string,
): { definition: RouteDefinition; params: Record<string, string> } | undefined => {
  const found = routeDefinitions
    .map((definition) => ({ definition, params: paramsFor(definition.path, pathname) }))
    .filter((match): match is { definition: RouteDefinition; params: Record<string, string> } =>
      Boolean(match.params),
    )
    .sort((a, b) => staticSegments(b.definition) - staticSegments(a.definition));
  return found[0];
};
