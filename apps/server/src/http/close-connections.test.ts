import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerCloseConnectionsOnClose } from './close-connections.ts';

it('closes at once when a keep-alive request was in flight as the close began', async () => {
  const app = Fastify();
  registerCloseConnectionsOnClose(app);
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  let arrived: () => void = () => undefined;
  const requestArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  app.get('/slow', async () => {
    arrived();
    await answered;
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const agent = new http.Agent({ keepAlive: true });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    const { port } = app.server.address() as AddressInfo;
    http
      .get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      })
      .on('error', reject);
  });
  await requestArrived;
  // The answer goes out once the server itself is closing, as a webhook in flight would.
  const closeServer = app.server.close.bind(app.server);
  app.server.close = (callback) => {
    closeServer(callback);
    answer();
    return app.server;
  };
  const closed = app.close();
  expect((await response).statusCode).toBe(200);
  // Without it the close waited for Fastify's 72 s keep-alive timeout: far past this test's limit.
  await closed;
  agent.destroy();
});
