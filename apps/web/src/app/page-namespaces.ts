import type { PageKey } from '@billbridge/contract';
import type { Namespace } from '../i18n/namespaces.ts';

/**
 * The translation namespaces each page needs besides `common` (`i18n/namespaces.ts`), loaded with
 * its chunk. A page not listed here loads every namespace: correct, only heavier — name a new
 * page's namespaces here when it lands.
 */
export const pageNamespaces: Partial<Record<PageKey, readonly Namespace[]>> = {
  dashboard: ['members'],
  profile: ['audit'],
  editName: [],
  editEmail: [],
  changePassword: [],
  twoFactor: [],
  deleteAccount: [],
  createPlan: ['billing'],
  signIn: [],
  signUp: [],
  resetPassword: [],
  authAction: [],
  stripeCallback: ['connections'],
  hubspotCallback: ['connections'],
  subscription: ['dashboard'],
  users: ['members'],
  invite: ['members'],
  billing: ['billing', 'dashboard'],
  changePlan: ['billing'],
  cancelSubscription: ['billing'],
  managePaymentMethods: ['billing'],
  updateBillingDetails: ['billing'],
  settings: [],
  transferOwnership: ['members'],
  sourcesList: ['connections'],
  sourceTypeSelection: ['connections'],
  sourceCreate: ['connections'],
  sourceDetails: ['connections'],
  destinationsList: ['connections'],
  destinationTypeSelection: ['connections'],
  destinationDetails: ['connections'],
  activityLog: ['dashboard'],
  auditLog: ['audit'],
  docs: ['docs'],
  docsPage: ['docs'],
};

/** The subscription layout shows the connection-health banner on every workspace page. */
export const subscriptionLayoutNamespaces: readonly Namespace[] = ['connections'];
