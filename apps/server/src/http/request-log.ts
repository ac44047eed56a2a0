import type { FastifyInstance } from 'fastify';
import { loggableUrl } from '../logger.ts';

/**
 * One line per answered request, with the URL's query values left out (`loggableUrl`); a callback
 * hook, as it runs on every answer.
 */
export const registerRequestLog = (app: FastifyInstance): void => {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: { method: request.method, url: loggableUrl(request.url), remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
    done();
  });
};
