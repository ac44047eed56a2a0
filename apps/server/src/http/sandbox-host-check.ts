import type { FastifyInstance } from 'fastify';
import { isAllowedHost } from '@billbridge/sandbox';

/**
 * In sandbox mode the app hands out every e-mail (the dev mailbox) to this machine without a
 * sign-in. A page that rebinds its own DNS name to 127.0.0.1 would reach it as same-origin, so a
 * request must name APP_URL's host or a loopback name; others get 421 Misdirected Request (RFC 9110
 * §15.5.20). Outside the sandbox a proxy in front decides which names reach us.
 */
export const registerSandboxHostCheck = (app: FastifyInstance, appUrl: string): void => {
  const hostnames = [new URL(appUrl).hostname];
  app.addHook('onRequest', async (request, reply) => {
    if (isAllowedHost(request.headers.host, hostnames)) return;
    await reply.code(421).type('text/plain').send('Misdirected Request');
    return reply;
  });
};
