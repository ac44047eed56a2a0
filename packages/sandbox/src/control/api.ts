import type { FastifyInstance } from 'fastify';
import type { FaultRule } from '../faults.ts';
import type { KeyAccess } from '../stripe/types.ts';
import type { ControlContext } from './context.ts';
import { controlBase } from './layout.ts';

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

/**
 * A JSON control API for tests that run the sandbox in another process (browser tests, benchmarks):
 * the same levers as `Sandbox` in-process — clock, faults, accounts, portals, tokens, request logs.
 */
export const controlApi = (app: FastifyInstance, ctx: ControlContext): void => {
  const api = `${controlBase}/api`;
  const { stripe, hubspot, faults } = ctx;

  app.get(`${api}/state`, async () => ({
    stripe: {
      url: stripe.rt.baseUrl,
      now: stripe.now(),
      accounts: stripe
        .accounts()
        .map((entry) => ({ id: entry.account.id, role: entry.role, connectedTo: entry.connectedTo })),
    },
    hubspot: {
      url: ctx.hubspotUrl(),
      portals: hubspot.portals().map((portal) => ({ id: portal.id, name: portal.name })),
    },
    faults: faults.list().map((fault) => ({ ...fault, path: String(fault.path) })),
  }));

  app.post(`${api}/clock/advance`, async (request) => {
    stripe.advanceClock(Number(asJson(request.body).seconds ?? 0));
    return { now: stripe.now() };
  });

  app.post(`${api}/faults`, async (request) => ({ id: faults.add(asJson(request.body) as FaultRule) }));
  app.delete(`${api}/faults`, async () => {
    faults.clear();
    return { cleared: true };
  });

  app.post(`${api}/stripe/accounts`, async (request) => {
    const body = asJson(request.body);
    const input = {
      name: typeof body.name === 'string' ? body.name : 'Sandbox Business',
      email: typeof body.email === 'string' ? body.email : null,
    };
    return body.connect === false ? stripe.createAccount(input) : stripe.createConnectedAccount(input);
  });

  /** `{ "permissions": { "customers": "read", "webhook_endpoints": "write" } }` → `{ key }`. */
  app.post<{ Params: { account: string } }>(
    `${api}/stripe/accounts/:account/restricted-keys`,
    async (request, reply) => {
      const permissions = asJson(asJson(request.body).permissions) as Record<string, KeyAccess>;
      try {
        return { key: stripe.createRestrictedKey(request.params.account, permissions) };
      } catch (error) {
        return reply.code(400).send({ error: error instanceof Error ? error.message : String(error) });
      }
    },
  );

  app.delete<{ Params: { key: string } }>(`${api}/stripe/restricted-keys/:key`, async (request, reply) => {
    try {
      stripe.revokeRestrictedKey(request.params.key);
      return { revoked: true };
    } catch {
      return reply.code(404).send({ error: 'No such restricted key.' });
    }
  });

  app.get<{ Params: { account: string } }>(
    `${api}/stripe/accounts/:account/webhook-endpoints`,
    async (request) => ({
      endpoints: stripe
        .accountWebhookEndpoints(request.params.account)
        .map(({ secret: _secret, ...rest }) => rest),
    }),
  );

  app.post(`${api}/stripe/webhook-endpoints`, async (request) => {
    const body = asJson(request.body);
    stripe.addWebhookEndpoint({
      url: String(body.url ?? ''),
      secret: String(body.secret ?? ''),
      connect: body.connect === true,
    });
    return { endpoints: stripe.webhooks.list() };
  });

  app.post(`${api}/stripe/webhooks/idle`, async () => {
    await stripe.webhooks.idle();
    return { idle: true };
  });

  app.get(`${api}/stripe/webhooks/deliveries`, async () => ({ deliveries: stripe.webhooks.deliveries() }));

  app.post(`${api}/hubspot/portals`, async (request) => {
    const body = asJson(request.body);
    const portal = hubspot.createPortal({ name: typeof body.name === 'string' ? body.name : undefined });
    return { id: portal.id, name: portal.name };
  });

  app.post<{ Params: { portal: string } }>(`${api}/hubspot/portals/:portal/tokens`, async (request) =>
    hubspot.issueToken(Number(request.params.portal)),
  );

  app.get<{ Params: { portal: string } }>(`${api}/hubspot/portals/:portal/currencies`, async (request) => ({
    currencies: hubspot.currencies(Number(request.params.portal)),
  }));

  /** `{ "currencies": ["USD", "EUR"] }`: the first is the company currency. */
  app.put<{ Params: { portal: string } }>(
    `${api}/hubspot/portals/:portal/currencies`,
    async (request, reply) => {
      const codes = asJson(request.body).currencies;
      if (!Array.isArray(codes) || codes.length === 0)
        return reply.code(400).send({ error: 'currencies must be a non-empty list of currency codes' });
      try {
        return { currencies: hubspot.setCurrencies(Number(request.params.portal), codes.map(String)) };
      } catch (error) {
        return reply.code(400).send({ error: error instanceof Error ? error.message : String(error) });
      }
    },
  );

  app.get<{ Params: { portal: string } }>(`${api}/hubspot/portals/:portal/requests`, async (request) => ({
    requests: hubspot.requestLog(Number(request.params.portal)),
  }));

  app.get<{ Params: { portal: string; type: string } }>(
    `${api}/hubspot/portals/:portal/records/:type`,
    async (request) => ({
      results: hubspot.records(Number(request.params.portal), request.params.type),
    }),
  );
};
