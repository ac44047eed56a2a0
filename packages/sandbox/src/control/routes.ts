import type { FastifyInstance } from 'fastify';
import { controlActions } from './actions.ts';
import { controlApi } from './api.ts';
import type { ControlContext } from './context.ts';
import { homePage } from './home.ts';
import { hubspotPortalPage } from './hubspot-page.ts';
import { controlBase, controlPage } from './layout.ts';
import { stripeAccountPage } from './stripe-page.ts';
import { html } from '../shared/html.ts';

const noticeOf = (query: unknown): string | undefined => {
  const value = (query as { notice?: unknown } | undefined)?.notice;
  return typeof value === 'string' ? value : undefined;
};

/** The control page (server-rendered, plain forms) and its JSON API, served by the Stripe stand-in under `/_sandbox`. */
export const controlRoutes = (app: FastifyInstance, ctx: ControlContext): void => {
  app.get(controlBase, async (request, reply) =>
    reply.type('text/html').send(homePage(ctx, noticeOf(request.query))),
  );

  app.get<{ Params: { account: string } }>(`${controlBase}/stripe/:account`, async (request, reply) => {
    const entry = ctx.stripe.store.entry(request.params.account);
    if (!entry)
      return reply
        .code(404)
        .type('text/html')
        .send(controlPage(ctx, 'Not found', html`<h1>No such Stripe account</h1>`));
    return reply.type('text/html').send(stripeAccountPage(ctx, entry, noticeOf(request.query)));
  });

  app.get<{ Params: { portal: string } }>(`${controlBase}/hubspot/:portal`, async (request, reply) => {
    const portal = ctx.hubspot.store.portal(request.params.portal);
    if (!portal)
      return reply
        .code(404)
        .type('text/html')
        .send(controlPage(ctx, 'Not found', html`<h1>No such portal</h1>`));
    return reply.type('text/html').send(hubspotPortalPage(ctx, portal, noticeOf(request.query)));
  });

  controlActions(app, ctx);
  controlApi(app, ctx);
};
