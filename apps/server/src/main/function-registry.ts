import type { FunctionName } from '@billbridge/contract';
import type { CallableFunction } from '../functions/framework.ts';
import { getSubscription } from '../features/subscriptions/get-subscription.ts';
import { listMySubscriptions } from '../features/subscriptions/list-my-subscriptions.ts';
import { updateSubscriptionSettings } from '../features/subscriptions/update-subscription-settings.ts';
import { listMyInvites } from '../features/invites/list-my-invites.ts';
import { createInvite } from '../features/invites/create-invite.ts';
import { acceptInvite } from '../features/invites/accept-invite.ts';
import { rejectInvite } from '../features/invites/reject-invite.ts';
import { revokeInvite } from '../features/invites/revoke-invite.ts';
import { getSubscriptionUsers } from '../features/members/get-subscription-users.ts';
import { updateUserPermissions } from '../features/members/update-user-permissions.ts';
import { removeUser } from '../features/members/remove-user.ts';
import { transferSubscriptionOwnership } from '../features/members/transfer-subscription-ownership.ts';
import { getProfile } from '../features/accounts/get-profile.ts';
import { updateProfile } from '../features/accounts/update-profile.ts';
import { retryActivity } from '../features/inbox/replay/retry-activity.ts';
import { getRecentActivities } from '../features/activity/get-recent-activities.ts';
import { getAggregatedActivities } from '../features/activity/get-aggregated-activities.ts';
import { getUsage } from '../features/activity/get-usage.ts';
import { getActivity } from '../features/activity/get-activity.ts';
import { listActivities } from '../features/activity/list-activities.ts';
import { retryFailedActivities } from '../features/inbox/replay/retry-failed-activities.ts';
import { retryHeldActivities } from '../features/inbox/replay/retry-held-activities.ts';
import { createSource } from '../features/sources/create-source.ts';
import { listSources } from '../features/sources/list-sources.ts';
import { getSource } from '../features/sources/get-source.ts';
import { startSourceConnection } from '../features/sources/start-source-connection.ts';
import { connectSource } from '../features/sources/connect-source.ts';
import { connectSourceWithKey } from '../features/sources/connect-source-with-key.ts';
import { saveSource } from '../features/sources/save-source.ts';
import { deleteSource } from '../features/sources/delete-source.ts';
import { disconnectSource } from '../features/sources/disconnect-source.ts';
import { startBackfill } from '../features/sources/backfill/start-backfill.ts';
import { previewImport } from '../features/sources/preview/preview-import.ts';
import { getBackfillProgress } from '../features/sources/backfill/get-backfill-progress.ts';
import { reconcileSource } from '../features/sources/reconciliation/reconcile-source.ts';
import { getReconciliation } from '../features/sources/reconciliation/get-reconciliation.ts';
import { dryRunMappingRules } from '../features/deal-stages/dry-run-mapping-rules.ts';
import { reevaluateDeals } from '../features/deal-stages/reevaluate-deals.ts';
import { dryRunFieldMappings } from '../features/field-mapping-reapply/dry-run-field-mappings.ts';
import { reapplyFieldMappings } from '../features/field-mapping-reapply/reapply-field-mappings.ts';
import { createDestination } from '../features/destinations/create-destination.ts';
import { listDestinations } from '../features/destinations/list-destinations.ts';
import { getDestination } from '../features/destinations/get-destination.ts';
import { startDestinationConnection } from '../features/destinations/start-destination-connection.ts';
import { connectDestination } from '../features/destinations/connect-destination.ts';
import { saveDestination } from '../features/destinations/save-destination.ts';
import { deleteDestination } from '../features/destinations/delete-destination.ts';
import { disconnectDestination } from '../features/destinations/disconnect-destination.ts';
import { getDestinationPipelines } from '../features/destinations/get-destination-pipelines.ts';
import { getDestinationProperties } from '../features/destinations/get-destination-properties.ts';
import { createDestinationProperty } from '../features/destinations/create-destination-property.ts';
import { getIntegrationCounts } from '../features/connections/get-integration-counts.ts';
import {
  cancelSubscription,
  changeSubscriptionPlan,
  createSubscription,
  getBillingConfig,
} from '../features/billing/plan-change.ts';
import {
  createSetupIntent,
  deletePaymentMethod,
  getPaymentMethods,
  setDefaultPaymentMethod,
} from '../features/billing/payment-methods.ts';
import { getBillingDetails, updateBillingDetails } from '../features/billing/billing-details.ts';
import { listInvoices } from '../features/billing/invoices.ts';
import { updateTwoFactorRequirement } from '../features/two-factor/update-two-factor-requirement.ts';
import { listAuditLog } from '../features/audit/list-audit-log.ts';
import { exportAuditLog } from '../features/audit/export-audit-log.ts';
import { listMySecurityEvents } from '../features/audit/list-my-security-events.ts';

/** Every contract has exactly one handler: a missing one is a type error. */
export const functionRegistry: Record<FunctionName, CallableFunction> = {
  getSubscription,
  listMySubscriptions,
  createSubscription,
  updateSubscriptionSettings,
  listMyInvites,
  createInvite,
  acceptInvite,
  rejectInvite,
  revokeInvite,
  getSubscriptionUsers,
  updateUserPermissions,
  removeUser,
  transferSubscriptionOwnership,
  getProfile,
  updateProfile,
  retryActivity,
  retryFailedActivities,
  retryHeldActivities,
  getRecentActivities,
  getAggregatedActivities,
  getUsage,
  listActivities,
  getActivity,
  createSource,
  listSources,
  getSource,
  startSourceConnection,
  connectSource,
  connectSourceWithKey,
  saveSource,
  deleteSource,
  disconnectSource,
  startBackfill,
  previewImport,
  getBackfillProgress,
  reconcileSource,
  getReconciliation,
  dryRunMappingRules,
  reevaluateDeals,
  dryRunFieldMappings,
  reapplyFieldMappings,
  createDestination,
  listDestinations,
  getDestination,
  startDestinationConnection,
  connectDestination,
  saveDestination,
  deleteDestination,
  disconnectDestination,
  getDestinationPipelines,
  getDestinationProperties,
  createDestinationProperty,
  getIntegrationCounts,
  listInvoices,
  getPaymentMethods,
  createSetupIntent,
  setDefaultPaymentMethod,
  deletePaymentMethod,
  getBillingDetails,
  updateBillingDetails,
  changeSubscriptionPlan,
  cancelSubscription,
  getBillingConfig,
  updateTwoFactorRequirement,
  listAuditLog,
  exportAuditLog,
  listMySecurityEvents,
};
