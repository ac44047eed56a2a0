import type { FastifyInstance } from 'fastify';

/**
 * Connections end right after their last answer once the server closes. Node keeps a keep-alive
 * connection whose request was in flight when the server began to close open after the answer,
 * until its keep-alive timeout (Fastify's is 72 s), and the close waits for it: a shutdown (or a
 * test's close) held a minute by a webhook Stripe was still delivering. Node reads the timeout as
 * each answer ends, so shortening it at close costs the requests nothing before.
 */
export const registerCloseConnectionsOnClose = (app: FastifyInstance): void => {
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });
};
