/**
 * The English texts of the connection and import functions' refusals, by message key (the browser
 * shows them translated, from `details.messageKey`). Kept apart from the zod schemas so that the
 * browser's first chunk, which carries the translations, does not pull in zod.
 */
export const connectionMessages = {
  stripeNotConfigured: 'Stripe is not configured on this server',
  hubspotNotConfigured: 'HubSpot is not configured on this server',
  sourceAlreadyConnected: 'This source is already connected. Disconnect it before connecting again.',
  accountAlreadyConnected: 'This Stripe account is already connected to a source.',
  destinationAlreadyConnected:
    'This destination is already connected. Disconnect it before connecting again.',
  invalidState: 'This connection link is invalid or was already used. Start the connection again.',
  expiredState: 'This connection link has expired. Start the connection again.',
  otherSession: 'This connection was started in another session. Start the connection again.',
  otherTarget: 'This connection link belongs to another source or destination.',
  enableNeedsConnection: 'Connect it before enabling it.',
  sourceNotFound: 'Source not found.',
  destinationNotFound: 'Destination not found.',
  deleteWhileConnected: 'Disconnect this destination before deleting it.',
  notConnected: 'This destination is not connected.',
  connectionFailed: 'The provider refused the connection. Start the connection again.',
  stripeUnreachable: 'Stripe could not be reached. Try again.',
  stripeRevokeUnreachable: 'Stripe could not be reached to revoke the access. Try again.',
  hubspotUnreachable: 'HubSpot could not be reached. Try again.',
  hubspotPrepareFailed: 'HubSpot could not be prepared for syncing. Try again.',
  hubspotRevokeUnreachable: 'HubSpot could not be reached to revoke the access. Try again.',
  hubspotPipelinesUnreachable: 'HubSpot could not be reached to read the pipelines. Try again.',
  hubspotRefreshUnreachable: 'HubSpot could not be reached to refresh the access token.',
  tooManySources: 'This subscription has as many sources as it may have.',
  tooManyDestinations: 'This subscription has as many destinations as it may have.',
} as const;

export const backfillMessages = {
  needsSyncingSource: 'Connect and enable the source before importing its data.',
  sourceDisconnected: 'The source was disconnected during the import.',
  nothingToImport: 'Every kind of object is turned off for this source.',
  importLimitReached: 'This source was already imported today. Try again tomorrow.',
} as const;

/**
 * The texts of billing refusals (spec §5, §8). Each error carries its key (`serverMessages.<key>`);
 * a refusal by Stripe (a declined card, say) carries Stripe's own message and no key, as spec §8
 * shows "the server or provider message".
 */
export const billingMessages = {
  confirmationMismatch: 'The confirmation does not match the subscription ID',
  billingInfoRequired: 'Billing information is required for a paid plan',
  addressIncomplete: 'Please fill in all required address fields',
  samePlan: 'The subscription is already on this plan',
  paymentMethodNotFound: 'Payment method not found',
  defaultCardOfPaidPlan:
    'The default card of a paid plan cannot be deleted; make another card the default first',
  billingUnavailable:
    'Billing is not configured on this server: its operator has not set the Stripe keys, so paid plans and cards cannot be used.',
  paymentFailed: 'The payment could not be completed',
  paymentBeingConfirmed: 'The payment for the new plan is being confirmed',
  cardDeclined: 'Your card was declined.',
  tooManyBillingAttempts: 'Too many billing attempts today. Try again tomorrow.',
  tooManyWorkspaces: 'You own as many subscriptions as you may.',
} as const;
export type BillingMessageKey = keyof typeof billingMessages;

/** The texts of the reconciliation functions' refusals. */
export const reconciliationMessages = {
  needsSyncingSourceToReconcile: 'Connect and enable the source before reconciling it.',
  sourceDisconnectedDuringReconciliation: 'The source was disconnected during the reconciliation.',
} as const;

/**
 * Every table whose entries the server sends by key (`keyedError`): the browser translates exactly
 * these (`serverMessages.<key>`), so a table added here is translated everywhere at once.
 */
export const serverMessages = {
  ...connectionMessages,
  ...backfillMessages,
  ...billingMessages,
  ...reconciliationMessages,
} as const;
export type ServerMessageKey = keyof typeof serverMessages;
