import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import type { FunctionOutput } from '@billbridge/contract';

/** Where Stripe.js comes from and the key it runs with: the platform's, from the server. */
export type StripeBrowserConfig = FunctionOutput<'getBillingConfig'>;

const loading = new Map<string, Promise<Stripe | null>>();

const injectScript = (src: string): Promise<void> =>
  new Promise((resolve, reject) => {
    if (window.Stripe) return resolve();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Stripe.js could not be loaded from ${src}.`)));
    document.head.appendChild(script);
  });

/**
 * Stripe.js, loaded once and only when a payment form needs it (spec §7), from the configured
 * address: js.stripe.com in production, the sandbox's stand-in otherwise. `loadStripe` from the
 * `pure` entry injects nothing itself; it finds the `window.Stripe` our script defined and wraps it.
 */
export const loadStripeFrom = (config: StripeBrowserConfig): Promise<Stripe | null> => {
  const key = `${config.stripeJsUrl} ${config.publishableKey}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = injectScript(config.stripeJsUrl).then(() => loadStripe(config.publishableKey));
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
};
