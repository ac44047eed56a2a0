import type { FastifyInstance } from 'fastify';
import qs from 'qs';

/** Stripe encodes arrays as `items[0][price]`; long lists must stay arrays, and nesting goes deep. */
export const qsOptions = { depth: 10, arrayLimit: 1_000, parameterLimit: 10_000 } as const;

export const parseQuery = (text: string): Record<string, unknown> => qs.parse(text, qsOptions);

/** Form bodies with bracket notation (qs), JSON bodies (an empty one is allowed), anything else ignored. */
export const registerBodyParsers = (app: FastifyInstance): void => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseQuery(String(body)));
    },
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      Object.assign(failure, { statusCode: 400, code: 'INVALID_JSON' });
      done(failure, undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
};

export const listenOn = async (
  app: FastifyInstance,
  host: string,
  port: number,
): Promise<{ url: string; port: number }> => {
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${actualPort}`, port: actualPort };
};
