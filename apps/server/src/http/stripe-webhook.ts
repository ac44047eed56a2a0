import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { AppError, sourceWebhookRoute } from '@billbridge/contract';
import type { AppContext } from '../context.ts';
import { source } from '../db/schema.ts';
import { sealedAt } from '../security/secret-box.ts';
import { noticeConnectionLost } from '../features/connections/connection-lost.ts';
import { ingestStripeEvent } from '../features/inbox/ingest.ts';
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
 * secret `secretOf` gives for the request (none → 503), and `handle` answers what the event
 * became. `onAnswer` hears every answer's status, refusals included.
 */
export const registerSignedStripeRoute = (
  app: FastifyInstance,
  path: string,
  secretOf: (request: FastifyRequest) => string | undefined | Promise<string | undefined>,
  handle: (event: Stripe.Event, body: string, request: FastifyRequest) => Promise<object>,
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
      const secret = await secretOf(request);
      if (!secret) throw new AppError('unavailable', 'Stripe is not configured on this server.');
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('invalid-argument', 'Missing request body.');
      const signature = request.headers['stripe-signature'];
      const text = body.toString('utf8');
      const event = verifiedEvent(text, typeof signature === 'string' ? signature : undefined, secret);
      return reply.status(200).send(await handle(event, text, request));
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
export const registerStripeWebhook = (app: FastifyInstance, context: AppContext): void => {
  registerSignedStripeRoute(
    app,
    '/webhooks/stripe',
    () => context.providers.stripe?.webhookSecret,
    async (event, body) => {
      const { outcome, lostSource } = await ingestStripeEvent(context, event, body);
      if (lostSource)
        await noticeConnectionLost(context, context.database.db, { kind: 'source', ...lostSource });
      return { received: true, duplicate: outcome === 'duplicate' };
    },
    countDelivery,
  );
  registerKeySourceWebhook(app, context);
};

const keySourceOf = async (context: AppContext, request: FastifyRequest) => {
  const { sourceId } = request.params as { sourceId: string };
  const [row] = await context.database.db
    .select({ id: source.id, accountId: source.accountId, secret: source.webhookSecretSealed })
    .from(source)
    .where(eq(source.id, sourceId));
  if (!row?.secret || !row.accountId) throw new AppError('not-found', 'No source receives events here.');
  return { ...row, accountId: row.accountId, secret: row.secret };
};

/**
 * `POST /webhooks/stripe/sources/:sourceId`: the endpoint a source connected with a restricted key
 * registered in its own Stripe account (issue 36 §3). Each is verified against that endpoint's own
 * secret; its events carry no `account` (they are not Connect events), so they are stored under the
 * source's account id (its endpoint's id) and take the Connect events' path from there.
 */
const registerKeySourceWebhook = (app: FastifyInstance, context: AppContext): void =>
  registerSignedStripeRoute(
    app,
    sourceWebhookRoute,
    async (request) => {
      const row = await keySourceOf(context, request);
      return context.secretBox.open(row.secret, sealedAt('source', 'webhook_secret_sealed', row.id)).value;
    },
    async (event, body, request) => {
      const { accountId } = await keySourceOf(context, request);
      const { outcome } = await ingestStripeEvent(context, { ...event, account: accountId }, body);
      return { received: true, duplicate: outcome === 'duplicate' };
    },
    countDelivery,
  );
