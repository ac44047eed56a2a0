import http from 'node:http';

export type ReceivedWebhook = {
  body: string;
  signature: string;
  headers: http.IncomingHttpHeaders;
  at: number;
};

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Event types received so far, in order. */
  types: () => string[];
  /** Answer the next `count` deliveries with `status` (e.g. 500) instead of 200. */
  failNext: (count: number, status?: number) => void;
  close: () => Promise<void>;
};

/** A local HTTP endpoint that records what the Stripe stand-in delivers (for tests of webhook consumers). */
export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        response.statusCode = failureStatus;
        response.end('failing on purpose');
        return;
      }
      const signature = request.headers['stripe-signature'];
      received.push({
        body,
        signature: Array.isArray(signature) ? (signature[0] ?? '') : (signature ?? ''),
        headers: request.headers,
        at: Date.now(),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    types: () => received.map((entry) => (JSON.parse(entry.body) as { type: string }).type),
    failNext: (count, status = 500) => {
      failures = count;
      failureStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
