import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { clientIpHeader } from '../security/client-ip.ts';
import type { AuthService } from '../context.ts';

/**
 * Hands `/api/auth/*` to better-auth as a Fetch request and copies its answer back, cookies included.
 * Form posts pass through as they came: some OAuth providers (Apple) return with `form_post`.
 */
export const registerAuthRoute = async (app: FastifyInstance, auth: AuthService, appUrl: string) => {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (request, reply) => {
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const headers = fromNodeHeaders(request.headers);
        // Rate limits and session records use the address Fastify resolved, replacing whatever a
        // client may have put in this header itself.
        headers.set(clientIpHeader, request.ip);
        const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
        const response = await auth.handler(
          new Request(new URL(request.url, appUrl), {
            method: request.method,
            headers,
            body: hasBody ? body : undefined,
          }),
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  });
};
