/**
 * The load generator's thread (`load.ts`): `connections` keep-alive clients each send the next
 * signed webhook as soon as the previous one answered, for `seconds`; posts back requests per
 * second and how many answers were not 2xx.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import Stripe from 'stripe';
import { stripeEventOf } from '../apps/server/src/testing/sync.ts';
import type { LoadResult, LoadSpec } from './load.ts';

const spec = workerData as LoadSpec;
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
const target = new URL(spec.url);
const until = performance.now() + spec.seconds * 1000;
let sent = 0;
let errors = 0;

const requestOf = (n: number) => {
  const body = JSON.stringify(
    stripeEventOf({
      account: spec.accounts[n % spec.accounts.length],
      id: `evt_bench_${n}_${randomUUID().slice(0, 8)}`,
    }),
  );
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: spec.secret });
  return { body, headers: spec.signed ? { 'stripe-signature': signature } : {} };
};

const send = (n: number) =>
  new Promise<void>((resolve) => {
    const { body, headers } = requestOf(n);
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
  Array.from({ length: spec.connections }, async () => {
    while (performance.now() < until) await send(sent++);
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
const result: LoadResult = { perSec: Math.round(sent / seconds), total: sent, seconds, errors };
parentPort?.postMessage(result);
