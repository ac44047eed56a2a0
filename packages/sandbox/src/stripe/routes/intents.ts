import { invalidRequest } from '../errors.ts';
import { newestFirst, paginate } from '../http/list.ts';
import { mutate, query, type Call, type Register } from '../http/route.ts';
import { getPaymentIntent, getSetupIntent } from '../lookup.ts';
import { confirmPaymentIntent } from '../ops/payment-intents.ts';
import { cancelSetupIntent, confirmSetupIntent, createSetupIntent } from '../ops/setup-intents.ts';
import { str } from '../params.ts';

/** With a publishable key, Stripe.js proves it may touch an intent by sending its client secret. */
const checkClientSecret = (call: Call, secret: string): void => {
  if (call.auth.kind !== 'publishable') return;
  if (str(call.params, 'client_secret') !== secret) {
    throw invalidRequest(
      'The client_secret provided does not match the client_secret associated with this intent.',
      'client_secret',
      'resource_missing',
    );
  }
};

const withoutClientSecret = (call: Call): Call => {
  const { client_secret: _secret, ...params } = call.params;
  return { ...call, params };
};

export const intentRoutes = (route: Register): void => {
  route('POST', '/v1/setup_intents', (call) => mutate(call, (ctx) => createSetupIntent(ctx, call.params)));

  route('GET', '/v1/setup_intents', (call) =>
    query(call, (ctx) => {
      const customer = str(call.params, 'customer');
      const paymentMethod = str(call.params, 'payment_method');
      const intents = newestFirst(ctx.entry.objects.setup_intents).filter(
        (intent) =>
          (!customer || intent.customer === customer) &&
          (!paymentMethod || intent.payment_method === paymentMethod),
      );
      return paginate(intents, call.params, '/v1/setup_intents');
    }),
  );

  route(
    'GET',
    '/v1/setup_intents/:id',
    (call) =>
      query(withoutClientSecret(call), (ctx) => {
        const intent = getSetupIntent(ctx, call.path.id ?? '');
        checkClientSecret(call, intent.client_secret);
        return intent;
      }),
    { publishable: true },
  );

  route(
    'POST',
    '/v1/setup_intents/:id/confirm',
    (call) =>
      mutate(withoutClientSecret(call), (ctx) => {
        checkClientSecret(call, getSetupIntent(ctx, call.path.id ?? '').client_secret);
        return confirmSetupIntent(ctx, call.path.id ?? '', call.params);
      }),
    { publishable: true },
  );

  route('POST', '/v1/setup_intents/:id/cancel', (call) =>
    mutate(call, (ctx) => cancelSetupIntent(ctx, call.path.id ?? '', call.params)),
  );

  route('GET', '/v1/payment_intents', (call) =>
    query(call, (ctx) => {
      const customer = str(call.params, 'customer');
      const intents = newestFirst(ctx.entry.objects.payment_intents).filter(
        (intent) => !customer || intent.customer === customer,
      );
      return paginate(intents, call.params, '/v1/payment_intents');
    }),
  );

  route(
    'GET',
    '/v1/payment_intents/:id',
    (call) =>
      query(withoutClientSecret(call), (ctx) => {
        const intent = getPaymentIntent(ctx, call.path.id ?? '');
        checkClientSecret(call, intent.client_secret);
        return intent;
      }),
    { publishable: true },
  );

  route(
    'POST',
    '/v1/payment_intents/:id/confirm',
    (call) =>
      mutate(withoutClientSecret(call), (ctx) => {
        checkClientSecret(call, getPaymentIntent(ctx, call.path.id ?? '').client_secret);
        return confirmPaymentIntent(ctx, call.path.id ?? '', call.params);
      }),
    { publishable: true },
  );
};
