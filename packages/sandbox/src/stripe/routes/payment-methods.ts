import { missingParam } from '../errors.ts';
import { newestFirst, paginate } from '../http/list.ts';
import { mutate, query, type Register } from '../http/route.ts';
import { getPaymentMethod } from '../lookup.ts';
import {
  attachPaymentMethod,
  createPaymentMethod,
  detachPaymentMethod,
  updatePaymentMethod,
} from '../ops/payment-methods.ts';
import { str } from '../params.ts';

export const paymentMethodRoutes = (route: Register): void => {
  route(
    'POST',
    '/v1/payment_methods',
    (call) => mutate(call, (ctx) => createPaymentMethod(ctx, call.params)),
    {
      publishable: true,
    },
  );

  route('GET', '/v1/payment_methods', (call) =>
    query(call, (ctx) => {
      const customer = str(call.params, 'customer');
      const type = str(call.params, 'type');
      const methods = newestFirst(ctx.entry.objects.payment_methods).filter(
        (method) =>
          (customer ? method.customer === customer : method.customer !== null) &&
          (!type || method.type === type),
      );
      return paginate(methods, call.params, '/v1/payment_methods');
    }),
  );

  route('GET', '/v1/payment_methods/:id', (call) =>
    query(call, (ctx) => getPaymentMethod(ctx, call.path.id ?? '', 'id')),
  );

  route('POST', '/v1/payment_methods/:id', (call) =>
    mutate(call, (ctx) => updatePaymentMethod(ctx, call.path.id ?? '', call.params)),
  );

  route('POST', '/v1/payment_methods/:id/attach', (call) =>
    mutate(call, (ctx) => {
      const customer = str(call.params, 'customer');
      if (!customer) throw missingParam('customer');
      return attachPaymentMethod(ctx, call.path.id ?? '', customer);
    }),
  );

  route('POST', '/v1/payment_methods/:id/detach', (call) =>
    mutate(call, (ctx) => detachPaymentMethod(ctx, call.path.id ?? '')),
  );
};
