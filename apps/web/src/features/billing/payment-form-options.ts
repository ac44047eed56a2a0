import type {
  StripeAddressElementOptions,
  StripeElementLocale,
  StripeElementsOptionsMode,
} from '@stripe/stripe-js';
import type { BillingDetails, Plan } from '@billbridge/contract';
import type { Language } from '../../i18n/languages.ts';

/** Stripe's locale for the UI language (spec §9: zh or en). */
export const stripeLocaleOf = (language: Language): StripeElementLocale => (language === 'zh' ? 'zh' : 'en');

/**
 * Spec §9 "Payment form": the Elements group of a paid plan's billing step — a subscription's
 * deferred payment of the plan's monthly price in cents, in usd, card payments only.
 */
export const paymentElementsOptions = (
  plan: Pick<Plan, 'price' | 'currency'>,
  language: Language,
): StripeElementsOptionsMode => ({
  mode: 'subscription',
  amount: Math.round((plan.price ?? 0) * 100),
  currency: plan.currency,
  locale: stripeLocaleOf(language),
  allowedPaymentMethodTypes: ['card'],
  // Stripe.js creates the card's payment method itself (`createPaymentMethod({ elements })`).
  paymentMethodCreation: 'manual',
});

/**
 * Spec §9: the address element in billing mode, the phone always asked for and required, and the
 * country CN for Chinese, else US, unless stored details say otherwise (spec §2 "prefilled").
 */
export const addressElementOptions = (
  language: Language,
  stored?: BillingDetails | null,
): StripeAddressElementOptions => ({
  mode: 'billing',
  fields: { phone: 'always' },
  validation: { phone: { required: 'always' } },
  defaultValues: stored
    ? {
        name: stored.name,
        phone: stored.phone,
        address: { ...stored.address, line2: stored.address.line2 ?? null },
      }
    : { address: { country: language === 'zh' ? 'CN' : 'US' } },
});

/** The address element's value as the billing functions take it (spec §7 `billingDetails`). */
export type AddressValue = {
  name: string;
  phone?: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
};

export const billingDetailsOf = (value: AddressValue): BillingDetails => ({
  name: value.name,
  phone: value.phone ?? '',
  address: { ...value.address, line2: value.address.line2 || null },
});
