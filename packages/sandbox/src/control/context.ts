import type { FaultInjector } from '../faults.ts';
import type { HubSpotState } from '../hubspot/state.ts';
import type { StripeState } from '../stripe/state.ts';

/** What the control page and its JSON API work on. */
export type ControlContext = {
  stripe: StripeState;
  hubspot: HubSpotState;
  faults: FaultInjector;
  hubspotUrl: () => string;
};
