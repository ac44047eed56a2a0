import { createdMatches, newestFirst, paginate } from '../http/list.ts';
import { mutate, query, type Register } from '../http/route.ts';
import { search } from '../http/search.ts';
import { getSubscription } from '../lookup.ts';
import {
  cancelSubscription,
  createSubscription,
  resumeSubscription,
  updateSubscription,
} from '../billing/subscriptions.ts';
import { str } from '../params.ts';

export const subscriptionRoutes = (route: Register): void => {
  route('POST', '/v1/subscriptions', (call) => mutate(call, (ctx) => createSubscription(ctx, call.params)));

  route('GET', '/v1/subscriptions', (call) =>
    query(call, (ctx) => {
      const customer = str(call.params, 'customer');
      const price = str(call.params, 'price');
      const status = str(call.params, 'status');
      const subscriptions = newestFirst(ctx.entry.objects.subscriptions).filter(
        (subscription) =>
          (!customer || subscription.customer === customer) &&
          (!price || subscription.items.data.some((item) => item.price.id === price)) &&
          (status === 'all'
            ? true
            : status
              ? subscription.status === status
              : subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') &&
          createdMatches(call.params, subscription.created),
      );
      return paginate(subscriptions, call.params, '/v1/subscriptions');
    }),
  );

  route('GET', '/v1/subscriptions/search', (call) =>
    query(call, (ctx) =>
      search(newestFirst(ctx.entry.objects.subscriptions), call.params, '/v1/subscriptions/search'),
    ),
  );

  route('GET', '/v1/subscriptions/:id', (call) =>
    query(call, (ctx) => getSubscription(ctx, call.path.id ?? '', 'id')),
  );

  route('POST', '/v1/subscriptions/:id', (call) =>
    mutate(call, (ctx) => updateSubscription(ctx, call.path.id ?? '', call.params)),
  );

  route('DELETE', '/v1/subscriptions/:id', (call) =>
    mutate(call, (ctx) => cancelSubscription(ctx, call.path.id ?? '', call.params)),
  );

  route('POST', '/v1/subscriptions/:id/resume', (call) =>
    mutate(call, (ctx) => resumeSubscription(ctx, call.path.id ?? '')),
  );

  route('GET', '/v1/subscription_items', (call) =>
    query(call, (ctx) => {
      const subscription = getSubscription(ctx, str(call.params, 'subscription') ?? '', 'subscription');
      return paginate(
        [...subscription.items.data].reverse(),
        call.params,
        `/v1/subscription_items?subscription=${subscription.id}`,
      );
    }),
  );
};
