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

/** The refusals of `connectSourceWithKey` (issue 36 §3), one per permission the key may lack. */
export const restrictedKeyMessages = {
  notRestrictedKey: 'Paste a restricted key: it starts with rk_.',
  secretKeyRefused:
    'This is a secret key (sk_): it can change everything in your Stripe account. Create a restricted key (rk_) with the permissions listed instead.',
  publishableKeyRefused:
    'This is a publishable key (pk_). Create a restricted key (rk_) with the permissions listed instead.',
  keyNotRecognized: 'Stripe does not recognise this key. Check that you copied all of it.',
  keyLacksCustomersRead: 'The key lacks the permission “Customers: Read”.',
  keyLacksSubscriptionsRead: 'The key lacks the permission “Subscriptions: Read”.',
  keyLacksInvoicesRead: 'The key lacks the permission “Invoices: Read”.',
  keyLacksPricesRead: 'The key lacks the permission “Prices: Read”.',
  keyLacksProductsRead: 'The key lacks the permission “Products: Read”.',
  keyLacksChargesRead: 'The key lacks the permission “Charges: Read”.',
  keyLacksEventsRead: 'The key lacks the permission “Events: Read”.',
  keyLacksWebhookEndpointsWrite: 'The key lacks the permission “Webhook Endpoints: Write”.',
} as const;

export const backfillMessages = {
  needsSyncingSource: 'Connect and enable the source before importing its data.',
  sourceDisconnected: 'The source was disconnected during the import.',
  nothingToImport: 'Every kind of object is turned off for this source.',
  importLimitReached: 'This source was already imported today. Try again tomorrow.',
  previewNeedsDestination: 'Connect and switch on a HubSpot destination to preview the import.',
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

/** Two-factor sign-in a workspace requires (issue 36). */
export const twoFactorMessages = {
  twoFactorRequired: 'This workspace requires two-factor sign-in. Turn it on in your profile first.',
  ownerTwoFactorFirst: 'Turn on two-factor sign-in for your own account first.',
} as const;

/** The texts of field-mapping refusals, by message key (`serverMessages.<key>` in the browser). */
export const fieldMappingMessages = {
  fieldMappingSourceUnknown: 'A field mapping names a Stripe field that cannot be mapped.',
  fieldMappingSourceNotOfObject:
    'A field mapping takes its value from a Stripe object this HubSpot object is not written from.',
  fieldMappingBuiltIn:
    'A field mapping writes over a property the sync fills itself (e-mail, names, stage, amount or a Billbridge property).',
  fieldMappingTwice: 'A HubSpot property is mapped twice for the same object.',
  fieldMappingPropertyGone: 'A field mapping names a HubSpot property the portal does not have.',
  fieldMappingReadOnly: 'A field mapping names a HubSpot property whose value cannot be set.',
  fieldMappingWrongType: 'A field mapping sends a value the HubSpot property’s type does not take.',
  fieldMappingNeedsConnection: 'Connect the destination before changing its field mappings.',
  propertyCreateNotAllowed:
    'HubSpot did not allow creating properties on this object: reconnect the destination to grant the permission.',
  propertyNameTaken: 'HubSpot already has a property with this name.',
  hubspotPropertiesUnreachable: 'HubSpot could not be reached to read or create its properties. Try again.',
} as const;

/**
 * Every table whose entries the server sends by key (`keyedError`): the browser translates exactly
 * these (`serverMessages.<key>`), so a table added here is translated everywhere at once.
 */
export const serverMessages = {
  ...connectionMessages,
  ...restrictedKeyMessages,
  ...backfillMessages,
  ...billingMessages,
  ...reconciliationMessages,
  ...twoFactorMessages,
  ...fieldMappingMessages,
} as const;
export type ServerMessageKey = keyof typeof serverMessages;
