import type { ObjectTypeName } from '../hubspot/types.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StripeApiError } from '../stripe/errors.ts';
import { restrictedKeyResources } from '../stripe/http/permissions.ts';
import type { SubscriptionStatus } from '../stripe/types.ts';
import type { ControlContext } from './context.ts';
import { controlBase } from './layout.ts';

type Form = Record<string, unknown>;

const field = (form: Form, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
};

const asForm = (value: unknown): Form => (typeof value === 'object' && value !== null ? (value as Form) : {});

/** Runs a control-page action, then goes back to `back` with a notice saying what happened. */
const act = (reply: FastifyReply, back: string, action: () => string) => {
  let notice: string;
  try {
    notice = action();
  } catch (error) {
    notice =
      error instanceof StripeApiError || error instanceof Error ? `Failed: ${error.message}` : 'Failed.';
  }
  return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}notice=${encodeURIComponent(notice)}`);
};

/** The control page's form posts: each one goes through the same operations as the APIs, so webhooks follow. */
/** `key=value` pairs separated by commas, as the control page's metadata field takes them. */
const metadataOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split(',')
      .map((pair) => pair.split('=').map((part) => part.trim()))
      .filter(([key, value]) => key && value !== undefined),
  );

export const controlActions = (app: FastifyInstance, ctx: ControlContext): void => {
  const { stripe, hubspot, faults } = ctx;

  app.post(`${controlBase}/clock`, async (request, reply) =>
    act(reply, controlBase, () => {
      const days = Number(field(asForm(request.body), 'days') || '1');
      stripe.advanceClock(days * 86_400);
      return `Clock advanced by ${days} day(s).`;
    }),
  );

  app.post(`${controlBase}/stripe-accounts`, async (request, reply) =>
    act(reply, controlBase, () => {
      const form = asForm(request.body);
      const input = { name: field(form, 'name') || 'Sandbox Business', email: field(form, 'email') || null };
      const created =
        field(form, 'connect') === 'false'
          ? stripe.createAccount(input)
          : stripe.createConnectedAccount(input);
      return `Created ${created.id}.`;
    }),
  );

  app.post(`${controlBase}/hubspot-portals`, async (request, reply) =>
    act(
      reply,
      controlBase,
      () =>
        `Created portal ${hubspot.createPortal({ name: field(asForm(request.body), 'name') || undefined }).id}.`,
    ),
  );

  app.post(`${controlBase}/faults`, async (request, reply) =>
    act(reply, controlBase, () => {
      const form = asForm(request.body);
      const service = field(form, 'service');
      const number = (name: string): number | undefined =>
        field(form, name) ? Number(field(form, name)) : undefined;
      const status = number('status');
      const latencyMs = number('latencyMs');
      const times = number('times');
      const id = faults.add({
        service: service === 'stripe' || service === 'hubspot' ? service : 'any',
        path: field(form, 'path') || '*',
        ...(field(form, 'method') ? { method: field(form, 'method') } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(latencyMs !== undefined ? { latencyMs } : {}),
        ...(times !== undefined ? { times } : {}),
        drop: field(form, 'drop') === 'true',
        ...(field(form, 'tenant') ? { tenant: field(form, 'tenant') } : {}),
      });
      return `Added fault ${id}.`;
    }),
  );

  // Webhooks Stripe never delivered: what reconciliation exists to catch (decision 032).
  app.post(`${controlBase}/webhook-faults`, async (request, reply) =>
    act(reply, controlBase, () => {
      const form = asForm(request.body);
      const times = field(form, 'times') ? Number(field(form, 'times')) : undefined;
      const id = faults.dropWebhooks({
        type: field(form, 'type') || '*',
        ...(field(form, 'tenant') ? { tenant: field(form, 'tenant') } : {}),
        ...(times !== undefined ? { times } : {}),
      });
      return `Dropping webhooks: ${id}.`;
    }),
  );

  app.post(`${controlBase}/faults/clear`, async (_request, reply) =>
    act(reply, controlBase, () => {
      faults.clear();
      return 'Cleared all faults.';
    }),
  );

  app.post<{ Params: { id: string } }>(`${controlBase}/faults/:id/remove`, async (request, reply) =>
    act(reply, controlBase, () => {
      faults.remove(request.params.id);
      return `Removed ${request.params.id}.`;
    }),
  );

  const account = `${controlBase}/stripe/:account`;
  type AccountParams = { Params: { account: string } };
  type ItemParams = { Params: { account: string; id: string } };

  app.post<AccountParams>(`${account}/flags`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const form = asForm(request.body);
      stripe.updateAccount(request.params.account, {
        details_submitted: field(form, 'details_submitted') === 'true',
        charges_enabled: field(form, 'charges_enabled') === 'true',
        payouts_enabled: field(form, 'payouts_enabled') === 'true',
      });
      return 'Account updated.';
    }),
  );

  app.post<AccountParams>(`${account}/restricted-keys`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const form = asForm(request.body);
      const permissions = Object.fromEntries(
        restrictedKeyResources.flatMap((resource) => {
          const access = field(form, resource);
          return access === 'read' || access === 'write' ? [[resource, access] as const] : [];
        }),
      );
      const key = stripe.createRestrictedKey(
        request.params.account,
        permissions,
        field(form, 'name') || undefined,
      );
      return `Created restricted key ${key}`;
    }),
  );

  app.post<AccountParams>(`${account}/restricted-keys/revoke`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      stripe.revokeRestrictedKey(field(asForm(request.body), 'key'));
      return 'Deleted the restricted key: calls with it now answer 401.';
    }),
  );

  app.post<AccountParams>(`${account}/revoke-platform`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      stripe.revokePlatformAccess(request.params.account);
      return 'Revoked the platform’s access (sent account.application.deauthorized).';
    }),
  );

  app.post<{ Params: { portal: string } }>(
    `${controlBase}/hubspot/:portal/uninstall`,
    async (request, reply) =>
      act(reply, `${controlBase}/hubspot/${request.params.portal}`, () => {
        const revoked = hubspot.uninstallApp(Number(request.params.portal));
        return `Uninstalled the app: revoked ${revoked} refresh token(s).`;
      }),
  );

  type PortalParams = { Params: { portal: string } };
  app.post<PortalParams>(`${controlBase}/hubspot/:portal/currencies`, async (request, reply) =>
    act(reply, `${controlBase}/hubspot/${request.params.portal}`, () => {
      const form = asForm(request.body);
      const code = field(form, 'code');
      hubspot.enableCurrency(Number(request.params.portal), code, Number(field(form, 'rate') || '1'));
      return `Added ${code}.`;
    }),
  );

  app.post<{ Params: { portal: string; pipeline: string; stage: string } }>(
    `${controlBase}/hubspot/:portal/pipelines/:pipeline/stages/:stage/delete`,
    async (request, reply) =>
      act(reply, `${controlBase}/hubspot/${request.params.portal}`, () => {
        const { portal, pipeline, stage } = request.params;
        hubspot.deleteStage(Number(portal), pipeline, stage);
        return `Deleted stage ${stage}.`;
      }),
  );

  app.post<{ Params: { portal: string; object: string; name: string } }>(
    `${controlBase}/hubspot/:portal/properties/:object/:name/delete`,
    async (request, reply) =>
      act(reply, `${controlBase}/hubspot/${request.params.portal}`, () => {
        const { portal, object, name } = request.params;
        hubspot.deleteProperty(Number(portal), object as ObjectTypeName, name);
        return `Deleted property ${name}.`;
      }),
  );

  app.post<{ Params: { portal: string; code: string } }>(
    `${controlBase}/hubspot/:portal/currencies/:code/remove`,
    async (request, reply) =>
      act(reply, `${controlBase}/hubspot/${request.params.portal}`, () => {
        hubspot.disableCurrency(Number(request.params.portal), request.params.code);
        return `Removed ${request.params.code}.`;
      }),
  );

  app.post<AccountParams>(`${account}/customers`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const form = asForm(request.body);
      const customer = stripe.createCustomer(request.params.account, {
        name: field(form, 'name') || null,
        email: field(form, 'email') || null,
        metadata: metadataOf(field(form, 'metadata')),
      });
      if (field(form, 'number')) stripe.addCard(request.params.account, customer.id, field(form, 'number'));
      return `Created customer ${customer.id}.`;
    }),
  );

  app.post<ItemParams>(`${account}/customers/:id/email`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const email = field(asForm(request.body), 'email');
      const customer = stripe.updateCustomer(request.params.account, request.params.id, { email });
      return `Changed the e-mail of ${customer.id} to ${customer.email ?? ''}.`;
    }),
  );

  app.post<AccountParams>(`${account}/cards`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const form = asForm(request.body);
      const card = stripe.addCard(
        request.params.account,
        field(form, 'customer'),
        field(form, 'number') || '4242424242424242',
      );
      return `Attached ${card.card.brand} •••• ${card.card.last4}.`;
    }),
  );

  app.post<AccountParams>(`${account}/products`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const form = asForm(request.body);
      const product = stripe.createProduct(request.params.account, {
        name: field(form, 'name') || 'Product',
        // A product carries metadata of its own (docs.stripe.com/api/products/create#create_product-metadata).
        metadata: metadataOf(field(form, 'metadata')),
        default_price_data: {
          currency: field(form, 'currency') || 'usd',
          unit_amount: field(form, 'unit_amount') || '1000',
          recurring: { interval: field(form, 'interval') || 'month' },
        },
      });
      return `Created product ${product.id} with price ${product.default_price ?? ''}.`;
    }),
  );

  app.post<AccountParams>(`${account}/prices`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const form = asForm(request.body);
      const price = stripe.createPrice(request.params.account, {
        product: field(form, 'product'),
        currency: field(form, 'currency') || 'usd',
        unit_amount: field(form, 'unit_amount') || '1000',
        recurring: { interval: field(form, 'interval') || 'month' },
        // A price carries metadata of its own (docs.stripe.com/api/prices/create#create_price-metadata).
        metadata: metadataOf(field(form, 'metadata')),
      });
      return `Created price ${price.id}.`;
    }),
  );

  app.post<AccountParams>(`${account}/subscriptions`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const form = asForm(request.body);
      const subscription = stripe.createSubscription(request.params.account, {
        customer: field(form, 'customer'),
        items: [{ price: field(form, 'price'), quantity: field(form, 'quantity') || '1' }],
        payment_behavior: field(form, 'payment_behavior') || 'allow_incomplete',
        ...(Number(field(form, 'trial_period_days')) > 0
          ? { trial_period_days: field(form, 'trial_period_days') }
          : {}),
      });
      return `Created ${subscription.id} (${subscription.status}).`;
    }),
  );

  app.post<ItemParams>(`${account}/subscriptions/:id/status`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const status = field(asForm(request.body), 'status') as SubscriptionStatus;
      const subscription = stripe.setSubscriptionStatus(request.params.account, request.params.id, status);
      return `${subscription.id} is now ${subscription.status}.`;
    }),
  );

  app.post<ItemParams>(`${account}/subscriptions/:id/price`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const current = stripe.account(request.params.account).objects.subscriptions[request.params.id];
      const item = current?.items.data[0];
      stripe.updateSubscription(request.params.account, request.params.id, {
        items: [{ ...(item ? { id: item.id } : {}), price: field(asForm(request.body), 'price') }],
      });
      return `Changed the price of ${request.params.id}.`;
    }),
  );

  app.post<ItemParams>(`${account}/subscriptions/:id/cancel-at-period-end`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      const current = stripe.account(request.params.account).objects.subscriptions[request.params.id];
      stripe.updateSubscription(request.params.account, request.params.id, {
        cancel_at_period_end: !current?.cancel_at_period_end,
      });
      return `Updated ${request.params.id}.`;
    }),
  );

  app.post<ItemParams>(`${account}/subscriptions/:id/cancel`, async (request, reply) =>
    act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
      stripe.cancelSubscription(request.params.account, request.params.id);
      return `Canceled ${request.params.id}.`;
    }),
  );

  app.post<{ Params: { account: string; id: string; action: string } }>(
    `${account}/invoices/:id/:action`,
    async (request, reply) =>
      act(reply, `${controlBase}/stripe/${request.params.account}`, () => {
        const { account: accountId, id, action } = request.params;
        const invoice =
          action === 'pay'
            ? stripe.payInvoice(accountId, id)
            : action === 'fail'
              ? stripe.failInvoice(accountId, id)
              : action === 'void'
                ? stripe.voidInvoice(accountId, id)
                : action === 'uncollectible'
                  ? stripe.markInvoiceUncollectible(accountId, id)
                  : undefined;
        if (!invoice) throw new Error(`Unknown invoice action ${action}`);
        return `Invoice ${invoice.number ?? invoice.id} is ${invoice.status}.`;
      }),
  );
};
