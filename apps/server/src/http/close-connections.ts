import type { FastifyInstance } from 'fastify';

/**
 * Answers given while the server closes carry `Connection: close`. Node keeps a keep-alive
 * connection whose request was in flight when the server began to close open after the answer,
 * until its keep-alive timeout (Fastify's is 72 s), and the close waits for it: a shutdown (or a
 * test's close) held a minute by a webhook Stripe was still delivering.
 */
export const registerCloseConnectionsOnClose = (app: FastifyInstance): void => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
};
