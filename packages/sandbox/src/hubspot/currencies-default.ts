import type { PortalCurrencies } from './types.ts';

/** A new portal uses USD only, as a HubSpot account does until currencies are added. */
export const defaultCurrencies = (at: string): PortalCurrencies => ({
  company: 'USD',
  createdAt: at,
  rates: [],
});
