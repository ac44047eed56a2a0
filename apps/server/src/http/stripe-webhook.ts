import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '@billbridge/contract';
import type { AppContext } from '../context.ts';
import { ingestStripeEvent } from '../features/sync/ingest/ingest.ts';
import { webhooksReceived, webhooksRefused } from '../metrics/metrics.ts';

/** Stripe's own tolerance; we also refuse timestamps that far in the future (a replay can't be pre-signed). */
export const signatureToleranceSeconds = 300;
const maxBodyBytes = 1024 * 1024;

const timestampOf = (header: string): number | undefined => {
  const part = header.split(',').find((item) => item.startsWith('t='));
  const value = Number(part?.slice(2));
  return Number.isFinite(value) ? value : undefined;
};

/**
 * Verifies the signature on the raw body (decoded once: the SDK would decode bytes twice more);
 * throws invalid-argument for anything not from Stripe.
 */
const verifiedEvent = (body: string, header: string | undefined, secret: string): Stripe.Event => {
  if (!header) throw new AppError('invalid-argument', 'Missing Stripe-Signature header.');
  const timestamp = timestampOf(header);
  if (timestamp === undefined || timestamp - Date.now() / 1000 > signatureToleranceSeconds) {
    throw new AppError('invalid-argument', 'Webhook timestamp is outside the tolerance zone.');
  }
  try {
    return Stripe.webhooks.constructEvent(body, header, secret, signatureToleranceSeconds);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Invalid webhook.';
    throw new AppError('invalid-argument', message.split('\n')[0] ?? 'Invalid webhook.');
  }
};

/**
 * A POST route for signed Stripe events: the signature is checked on the raw body against the
 * secret `secretOf` gives (none → 503), and `handle` answers what the event became. `onAnswer`
 * hears every answer's status, refusals included.
 */
export const registerSignedStripeRoute = (
  app: FastifyInstance,
  path: string,
  secretOf: () => string | undefined,
  handle: (event: Stripe.Event, body: string) => Promise<object>,
  onAnswer?: (statusCode: number) => void,
): void => {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBodyBytes }, (_request, body, done) =>
      done(null, body),
    );
    // A callback hook on this route alone, as it runs on every delivery.
    if (onAnswer)
      scope.addHook('onResponse', (_request, reply, done) => {
        onAnswer(reply.statusCode);
        done();
      });
    scope.post(path, async (request, reply) => {
      const secret = secretOf();
      if (!secret) throw new AppError('unavailable', 'Stripe is not configured on this server.');
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('invalid-argument', 'Missing request body.');
      const signature = request.headers['stripe-signature'];
      const text = body.toString('utf8');
      const event = verifiedEvent(text, typeof signature === 'string' ? signature : undefined, secret);
      return reply.status(200).send(await handle(event, text));
    });
  });
};

/** For /metrics: deliveries answered 2xx, and the others by status class. */
const countDelivery = (statusCode: number): void => {
  if (statusCode < 300) webhooksReceived.inc();
  else webhooksRefused.inc({ status: `${Math.floor(statusCode / 100)}xx` });
};

/**
 * `POST /webhooks/stripe`: the one Connect endpoint for every connected account. The event is
 * stored with its sync job before we answer 2xx, so a 2xx always means "will be synced" and a
 * database failure answers 5xx for Stripe to retry.
 */
export const registerStripeWebhook = (app: FastifyInstance, context: AppContext): void =>
  registerSignedStripeRoute(
    app,
    '/webhooks/stripe',
    () => context.providers.stripe?.webhookSecret,
    async (event, body) => {
      const outcome = await ingestStripeEvent(context, event, body);
      return { received: true, duplicate: outcome === 'duplicate' };
    },
    countDelivery,
  );
