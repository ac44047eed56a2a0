import { CallbackPage } from './callback-page.tsx';

/** `/stripe/callback`: where Stripe Connect sends the browser back (spec §2). */
export const StripeCallbackPage = () => <CallbackPage provider="stripe" />;
