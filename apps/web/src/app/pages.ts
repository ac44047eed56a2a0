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
  profile: () => import('../features/accounts/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  editName: () =>
    import('../features/accounts/edit-name-page.tsx').then((m) => ({ Component: m.EditNamePage })),
  editEmail: () =>
    import('../features/accounts/edit-email-page.tsx').then((m) => ({ Component: m.EditEmailPage })),
  changePassword: () =>
    import('../features/accounts/change-password-page.tsx').then((m) => ({
      Component: m.ChangePasswordPage,
    })),
  deleteAccount: () =>
    import('../features/accounts/delete-account-page.tsx').then((m) => ({ Component: m.DeleteAccountPage })),
  createPlan: () =>
    import('../features/plans/create-plan-page.tsx').then((m) => ({ Component: m.CreatePlanPage })),
  signIn: () => import('../features/accounts/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
  signUp: () => import('../features/accounts/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
  resetPassword: () =>
    import('../features/accounts/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  authAction: () =>
    import('../features/accounts/action/auth-action-page.tsx').then((m) => ({ Component: m.AuthActionPage })),
  stripeCallback: placeholder,
  hubspotCallback: placeholder,
  subscription: placeholder,
  users: () => import('../features/members/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
  invite: () => import('../features/invites/invite-page.tsx').then((m) => ({ Component: m.InvitePage })),
  billing: () => import('../features/billing/billing-page.tsx').then((m) => ({ Component: m.BillingPage })),
  settings: () =>
    import('../features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  changePlan: placeholder,
  cancelSubscription: placeholder,
  managePaymentMethods: placeholder,
  updateBillingDetails: placeholder,
  transferOwnership: () =>
    import('../features/members/transfer-ownership-page.tsx').then((m) => ({
      Component: m.TransferOwnershipPage,
    })),
  sourcesList: placeholder,
  sourceTypeSelection: placeholder,
  sourceCreate: placeholder,
  sourceDetails: placeholder,
  destinationsList: placeholder,
  destinationTypeSelection: placeholder,
  destinationDetails: placeholder,
};
