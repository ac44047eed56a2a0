import { StripeApiError } from '../errors.ts';
import { createdMatches, paginate } from '../http/list.ts';
import { query, type Register } from '../http/route.ts';

/** `GET /v1/account` (the caller's, or the `Stripe-Account` one), `GET /v1/accounts/:id`, `GET /v1/accounts`. */
export const accountRoutes = (route: Register): void => {
  route('GET', '/v1/account', (call) => query(call, (ctx) => ctx.entry.account));

  route('GET', '/v1/accounts/:account', (call) =>
    query(call, (ctx) => {
      const id = call.path.account ?? '';
      const entry = ctx.rt.store.entry(id);
      const visible = entry && (id === call.auth.accountId || entry.connectedTo === call.auth.keyAccountId);
      if (!entry || !visible) {
        throw new StripeApiError(403, {
          type: 'invalid_request_error',
          code: 'account_invalid',
          message: `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
        });
      }
      return entry.account;
    }),
  );

  route('GET', '/v1/accounts', (call) =>
    query(call, (ctx) => {
      const connected = ctx.rt.store
        .entries('connected')
        .filter((entry) => entry.connectedTo === call.auth.accountId)
        .map((entry) => entry.account)
        .filter((account) => createdMatches(call.params, account.created))
        .reverse();
      return paginate(connected, call.params, '/v1/accounts');
    }),
  );
};
