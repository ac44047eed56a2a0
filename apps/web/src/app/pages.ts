import type { ComponentType } from 'react';
import type { PageKey } from '@billbridge/contract';

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/** The component of every page key, each in its own chunk. `home` is not here: it only redirects. */
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
  twoFactor: () =>
    import('../features/accounts/two-factor-page.tsx').then((m) => ({ Component: m.TwoFactorPage })),
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
  stripeCallback: () =>
    import('../features/connections/stripe-callback-page.tsx').then((m) => ({
      Component: m.StripeCallbackPage,
    })),
  hubspotCallback: () =>
    import('../features/connections/hubspot-callback-page.tsx').then((m) => ({
      Component: m.HubspotCallbackPage,
    })),
  subscription: () =>
    import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  users: () => import('../features/members/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
  invite: () => import('../features/invites/invite-page.tsx').then((m) => ({ Component: m.InvitePage })),
  billing: () => import('../features/billing/billing-page.tsx').then((m) => ({ Component: m.BillingPage })),
  settings: () =>
    import('../features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  changePlan: () =>
    import('../features/billing/change-plan-page.tsx').then((m) => ({ Component: m.ChangePlanPage })),
  cancelSubscription: () =>
    import('../features/billing/cancel-subscription-page.tsx').then((m) => ({
      Component: m.CancelSubscriptionPage,
    })),
  managePaymentMethods: () =>
    import('../features/billing/payment-methods-page.tsx').then((m) => ({ Component: m.PaymentMethodsPage })),
  updateBillingDetails: () =>
    import('../features/billing/update-billing-details-page.tsx').then((m) => ({
      Component: m.UpdateBillingDetailsPage,
    })),
  transferOwnership: () =>
    import('../features/members/transfer-ownership-page.tsx').then((m) => ({
      Component: m.TransferOwnershipPage,
    })),
  sourcesList: () =>
    import('../features/sources/sources-page.tsx').then((m) => ({ Component: m.SourcesPage })),
  sourceTypeSelection: () =>
    import('../features/sources/source-type-page.tsx').then((m) => ({ Component: m.SourceTypePage })),
  sourceCreate: () =>
    import('../features/sources/source-create-page.tsx').then((m) => ({ Component: m.SourceCreatePage })),
  sourceDetails: () =>
    import('../features/sources/source-detail-page.tsx').then((m) => ({ Component: m.SourceDetailPage })),
  destinationsList: () =>
    import('../features/destinations/destinations-page.tsx').then((m) => ({ Component: m.DestinationsPage })),
  destinationTypeSelection: () =>
    import('../features/destinations/destination-type-page.tsx').then((m) => ({
      Component: m.DestinationTypePage,
    })),
  destinationDetails: () =>
    import('../features/destinations/destination-detail-page.tsx').then((m) => ({
      Component: m.DestinationDetailPage,
    })),
  activityLog: () =>
    import('../features/activity-log/activity-log-page.tsx').then((m) => ({ Component: m.ActivityLogPage })),
  auditLog: () =>
    import('../features/audit-log/audit-log-page.tsx').then((m) => ({ Component: m.AuditLogPage })),
  docs: () => import('../features/docs/docs-page.tsx').then((m) => ({ Component: m.DocsPage })),
  docsPage: () => import('../features/docs/docs-page.tsx').then((m) => ({ Component: m.DocsPage })),
};
