import { clientSecret } from '../ids.ts';
import type { SetupIntent } from '../types.ts';

export const buildSetupIntent = (input: {
  id: string;
  created: number;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
  allowedPaymentMethodTypes: string[] | null;
  usage: SetupIntent['usage'];
}): SetupIntent => ({
  id: input.id,
  object: 'setup_intent',
  allowed_payment_method_types: input.allowedPaymentMethodTypes,
  application: null,
  automatic_payment_methods: null,
  cancellation_reason: null,
  client_secret: clientSecret(input.id),
  created: input.created,
  customer: input.customer,
  customer_account: null,
  description: input.description,
  excluded_payment_method_types: null,
  flow_directions: null,
  last_setup_error: null,
  latest_attempt: null,
  livemode: false,
  mandate: null,
  metadata: input.metadata,
  next_action: null,
  on_behalf_of: null,
  payment_method: null,
  payment_method_configuration_details: null,
  payment_method_options: {
    card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
  },
  payment_method_types: input.paymentMethodTypes,
  single_use_mandate: null,
  status: 'requires_payment_method',
  usage: input.usage,
});
