import type { ComponentType } from 'react';
import type { PageKey } from '@billbridge/contract';

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/** A page whose feature comes in a later issue. */
const placeholder: LazyPage = () =>
  import('./placeholder-page.tsx').then((m) => ({ Component: m.PlaceholderPage }));

/**
 * The component of every page key, each in its own chunk. `home` is not here: it only redirects.
 * Replace a `placeholder` with the real page when its feature lands.
 */
export const pages: Record<Exclude<PageKey, 'home'>, LazyPage> = {
  dashboard: () => import('../features/subscriptions/home-page.tsx').then((m) => ({ Component: m.HomePage })),
  profile: placeholder,
  editName: placeholder,
  editEmail: placeholder,
  changePassword: placeholder,
  deleteAccount: placeholder,
  createPlan: placeholder,
  signIn: () => import('../features/accounts/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
  signUp: () => import('../features/accounts/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
  resetPassword: placeholder,
  authAction: placeholder,
  stripeCallback: placeholder,
  hubspotCallback: placeholder,
  subscription: placeholder,
  users: placeholder,
  invite: placeholder,
  billing: placeholder,
  settings: placeholder,
  changePlan: placeholder,
  cancelSubscription: placeholder,
  managePaymentMethods: placeholder,
  updateBillingDetails: placeholder,
  transferOwnership: placeholder,
  sourcesList: placeholder,
  sourceTypeSelection: placeholder,
  sourceCreate: placeholder,
  sourceDetails: placeholder,
  destinationsList: placeholder,
  destinationTypeSelection: placeholder,
  destinationDetails: placeholder,
};
