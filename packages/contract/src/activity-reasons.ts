/**
 * Why an event's activity is what it is, as the server stores it (`activity.reason`), in English.
 * The browser reads a stored reason back to its key to show it in the reader's language; a reason
 * in a provider's own words (HubSpot's refusal, say) is shown as the provider wrote it (spec §8).
 * Kept free of zod, as the translations import it.
 */
export const activityReasons = {
  workspaceCanceled: 'The workspace is canceled',
  sourceDisconnected: 'The source is disconnected',
  sourceDisabled: 'The source is disabled',
  nothingToSync: 'Nothing to sync for this event type',
  superseded: 'A newer state of this object is already in HubSpot',
  heldForDestination: 'Held until a HubSpot destination is connected and enabled',
  heldForCap: 'Held: the workspace reached its plan’s sync event limit for this billing period',
  unstorableBody: 'Not synced: Stripe sent text or a number the database cannot store (kept as received)',
  filteredNoLiveSubscription: 'Filtered: the customer has no live billing subscription',
  filteredNeverPaid: 'Filtered: the customer has not paid yet',
  filteredMetadata: 'Filtered: the customer lacks the metadata the source’s filter asks for',
  filteredTestClock: 'Filtered: the customer belongs to a Stripe test clock',
} as const;
export type ActivityReasonKey = keyof typeof activityReasons;

/** Reasons with a part of their own: each writer and the reader's pattern, side by side. */
export const toggleOffReason = (toggle: string): string => `Syncing of ${toggle} is turned off`;
export const heldForCurrencyReason = (code: string): string =>
  `Held: enable ${code} in HubSpot (Settings › Account defaults › Currencies), then retry`;
export const retryingReason = (reason: string): string => `Retrying: ${reason}`;

export type ReadReason =
  | { key: ActivityReasonKey }
  | { key: 'toggleOff'; toggle: string }
  | { key: 'heldForCurrency'; code: string }
  | { key: 'retrying'; reason: string }
  | { key: null; text: string };

const reasonKeyByText = new Map<string, ActivityReasonKey>(
  Object.entries(activityReasons).map(([key, text]) => [text, key as ActivityReasonKey]),
);

/** A stored reason read back to its key and parts; `key: null` for words the product did not write. */
export const readActivityReason = (text: string): ReadReason => {
  const key = reasonKeyByText.get(text);
  if (key) return { key };
  const toggle = /^Syncing of (\w+) is turned off$/.exec(text)?.[1];
  if (toggle) return { key: 'toggleOff', toggle };
  const code =
    /^Held: enable (\S+) in HubSpot \(Settings › Account defaults › Currencies\), then retry$/.exec(
      text,
    )?.[1];
  if (code) return { key: 'heldForCurrency', code };
  if (text.startsWith('Retrying: ')) return { key: 'retrying', reason: text.slice('Retrying: '.length) };
  return { key: null, text };
};
