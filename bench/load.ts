import http from 'node:http';

/**
 * A small closed-loop HTTP load generator: `connections` keep-alive clients each send the next
 * request as soon as the previous answered, for `seconds`. Returns requests per second and how
 * many answers were not 2xx.
 */
export const runLoad = async (options: {
  url: string;
  connections: number;
  seconds: number;
  request: (n: number) => { body: string; headers: Record<string, string> };
}): Promise<{ perSec: number; total: number; seconds: number; errors: number }> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const until = performance.now() + options.seconds * 1000;
  let sent = 0;
  let errors = 0;
  const send = (n: number) =>
    new Promise<void>((resolve) => {
      const { body, headers } = options.request(n);
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (response) => {
          if ((response.statusCode ?? 500) >= 300) errors += 1;
          response.resume();
          response.on('end', resolve);
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) await send(sent++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { perSec: Math.round(sent / seconds), total: sent, seconds, errors };
};
