import type { z } from 'zod';
import type { FunctionContract } from './define-function.ts';
import { getProfile, updateProfile } from './accounts.ts';
import { acceptInvite, createInvite, listMyInvites, rejectInvite, revokeInvite } from './invites.ts';
import {
  getSubscriptionUsers,
  removeUser,
  transferSubscriptionOwnership,
  updateUserPermissions,
} from './members.ts';
import { updateSubscriptionSettings } from './settings.ts';
import { updateTwoFactorRequirement } from './two-factor.ts';
import { exportAuditLog, listAuditLog, listMySecurityEvents } from './audit.ts';
import { retryActivity, retryFailedActivities, retryHeldActivities } from './sync.ts';
import { getBackfillProgress, startBackfill } from './backfill.ts';
import { previewImport } from './import-preview.ts';
import { getReconciliation, reconcileSource } from './reconciliation.ts';
import { dryRunMappingRules, reevaluateDeals } from './deal-stages.ts';
import { dryRunFieldMappings, reapplyFieldMappings } from './field-mapping-reapply.ts';
import {
  getActivity,
  getAggregatedActivities,
  getRecentActivities,
  getUsage,
  listActivities,
} from './activity.ts';
import { createSubscription, getSubscription, listMySubscriptions } from './subscriptions.ts';
import { getIntegrationCounts } from './connections.ts';
import {
  cancelSubscription,
  changeSubscriptionPlan,
  createSetupIntent,
  deletePaymentMethod,
  getBillingConfig,
  getBillingDetails,
  getPaymentMethods,
  listInvoices,
  setDefaultPaymentMethod,
  updateBillingDetails,
} from './billing.ts';
import {
  connectSource,
  connectSourceWithKey,
  createSource,
  deleteSource,
  disconnectSource,
  getSource,
  listSources,
  saveSource,
  startSourceConnection,
} from './sources.ts';
import {
  connectDestination,
  createDestination,
  deleteDestination,
  disconnectDestination,
  getDestination,
  getDestinationPipelines,
  getDestinationProperties,
  createDestinationProperty,
  listDestinations,
  saveDestination,
  startDestinationConnection,
} from './destinations.ts';

/** Every callable function of the product, by name. */
export const functionContracts = {
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
  retryHeldActivities,
  retryFailedActivities,
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
  getBackfillProgress,
  previewImport,
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
} as const satisfies Record<string, FunctionContract>;

export type FunctionName = keyof typeof functionContracts;
export type FunctionInput<N extends FunctionName> = z.input<(typeof functionContracts)[N]['input']>;
export type FunctionOutput<N extends FunctionName> = z.output<(typeof functionContracts)[N]['output']>;
