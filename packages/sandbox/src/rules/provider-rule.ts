/**
 * What the stand-ins refuse because the real APIs refuse it, each rule with where that is written.
 * A stand-in that accepts what the provider refuses hides a production failure behind a green suite,
 * so every rule here has a case in `hubspot-rules.test.ts` or `stripe-rules.test.ts`, walked through
 * row by row.
 */
export type ProviderRule = {
  /** Stable id the walk-through's cases are keyed by. */
  id: string;
  provider: 'hubspot' | 'stripe';
  /** What the stand-in refuses or does, and how it answers. */
  rule: string;
  /** The provider's spec file (repository and path) or documentation page the rule comes from. */
  source: string;
  /** Where the source is unclear: the stricter behaviour picked, and why. */
  stricter?: string;
};
