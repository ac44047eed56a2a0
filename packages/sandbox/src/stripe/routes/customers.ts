import { createdMatches, newestFirst, paginate } from '../http/list.ts';
import { resolveById } from '../http/expand.ts';
import { mutate, query, type Register } from '../http/route.ts';
import { search } from '../http/search.ts';
import { getCustomer, getPaymentMethod } from '../lookup.ts';
import { noSuch } from '../errors.ts';
import { createCustomer, deleteCustomer, updateCustomer } from '../ops/customers.ts';
import { str } from '../params.ts';

export const customerRoutes = (route: Register): void => {
  route('POST', '/v1/customers', (call) => mutate(call, (ctx) => createCustomer(ctx, call.params)));

  route('GET', '/v1/customers', (call) =>
    query(call, (ctx) => {
      const email = str(call.params, 'email');
      const customers = newestFirst(ctx.entry.objects.customers).filter(
        (customer) => (!email || customer.email === email) && createdMatches(call.params, customer.created),
      );
      return paginate(customers, call.params, '/v1/customers');
    }),
  );

  route('GET', '/v1/customers/search', (call) =>
    query(call, (ctx) =>
      search(newestFirst(ctx.entry.objects.customers), call.params, '/v1/customers/search'),
    ),
  );

  route('GET', '/v1/customers/:id', (call) =>
    query(call, (ctx) => {
      const id = call.path.id ?? '';
      const found = resolveById(ctx, id);
      if (!found || !id.startsWith('cus_')) throw noSuch('customer', id);
      return found;
    }),
  );

  route('POST', '/v1/customers/:id', (call) =>
    mutate(call, (ctx) => updateCustomer(ctx, call.path.id ?? '', call.params)),
  );

  route('DELETE', '/v1/customers/:id', (call) =>
    mutate(call, (ctx) => deleteCustomer(ctx, call.path.id ?? '')),
  );

  route('GET', '/v1/customers/:id/payment_methods', (call) =>
    query(call, (ctx) => {
      const customer = getCustomer(ctx, call.path.id ?? '', 'customer');
      const methods = newestFirst(ctx.entry.objects.payment_methods).filter(
        (method) => method.customer === customer.id,
      );
      return paginate(methods, call.params, `/v1/customers/${customer.id}/payment_methods`);
    }),
  );

  route('GET', '/v1/customers/:id/payment_methods/:pm', (call) =>
    query(call, (ctx) => {
      const customer = getCustomer(ctx, call.path.id ?? '', 'customer');
      const method = getPaymentMethod(ctx, call.path.pm ?? '');
      if (method.customer !== customer.id) throw noSuch('PaymentMethod', method.id);
      return method;
    }),
  );
};
