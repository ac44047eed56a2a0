import { hubspotRules } from './hubspot-rules.ts';
import { stripeRules } from './stripe-rules.ts';
import type { ProviderRule } from './provider-rule.ts';

/** Every rule of both stand-ins (the `ProviderRule` type says what a row holds). */
export const providerRules: readonly ProviderRule[] = [...hubspotRules, ...stripeRules];
