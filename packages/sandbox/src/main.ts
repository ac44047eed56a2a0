import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type WebhookEndpoint } from './index.ts';

/**
 * `npm run sandbox`: both stand-ins on fixed ports, state in ./.data/sandbox.
 * Flags (or env): --host (SANDBOX_HOST), --stripe-port (SANDBOX_STRIPE_PORT, 12111),
 * --hubspot-port (SANDBOX_HUBSPOT_PORT, 12112), --data-dir (SANDBOX_DATA_DIR), --no-persist,
 * --webhook <url>,<secret> and --connect-webhook <url>,<secret> (repeatable; or SANDBOX_WEBHOOKS and
 * SANDBOX_CONNECT_WEBHOOKS, space-separated <url>,<secret> pairs: the platform's own events and the
 * connected accounts' events),
 * --redirect-uri <uri> (repeatable, or SANDBOX_STRIPE_REDIRECT_URIS comma-separated; the Connect
 * redirect URIs registered for the platform, default the app's own at http://localhost:3000),
 * --app-origin <origin> (repeatable, or SANDBOX_APP_ORIGINS comma-separated; the app origins whose
 * pages may call the Stripe stand-in's API, default http://localhost:3000),
 * --allowed-host <name> (repeatable, or SANDBOX_ALLOWED_HOSTS comma-separated; host names requests may
 * name besides loopback ones, e.g. a compose service name; default none),
 * --token-ttl <seconds>, --index-delay <ms>, --no-rate-limits, --log (SANDBOX_LOG=true).
 */
const { values } = parseArgs({
  options: {
    host: { type: 'string' },
    'stripe-port': { type: 'string' },
    'hubspot-port': { type: 'string' },
    'data-dir': { type: 'string' },
    'no-persist': { type: 'boolean' },
    webhook: { type: 'string', multiple: true },
    'connect-webhook': { type: 'string', multiple: true },
    'redirect-uri': { type: 'string', multiple: true },
    'app-origin': { type: 'string', multiple: true },
    'allowed-host': { type: 'string', multiple: true },
    'token-ttl': { type: 'string' },
    'index-delay': { type: 'string' },
    'no-rate-limits': { type: 'boolean' },
    log: { type: 'boolean' },
  },
});

const env = process.env;

const endpoint = (spec: string, connect: boolean): WebhookEndpoint => {
  const comma = spec.lastIndexOf(',');
  if (comma < 0) throw new Error(`Webhook "${spec}" must be <url>,<secret>`);
  return { url: spec.slice(0, comma), secret: spec.slice(comma + 1), connect };
};

const numberOf = (value: string | undefined, fallback: number): number =>
  value === undefined ? fallback : Number(value);

const dataDir = values['no-persist']
  ? undefined
  : path.resolve(values['data-dir'] ?? env.SANDBOX_DATA_DIR ?? '.data/sandbox');

const redirectUris = values['redirect-uri'] ??
  env.SANDBOX_STRIPE_REDIRECT_URIS?.split(',').filter(Boolean) ?? ['http://localhost:3000/stripe/callback'];

const listOf = (flag: string[] | undefined, variable: string | undefined, fallback: string[]): string[] =>
  flag ?? variable?.split(',').filter(Boolean) ?? fallback;

const browserAccess = {
  appOrigins: listOf(values['app-origin'], env.SANDBOX_APP_ORIGINS, ['http://localhost:3000']),
  hostnames: listOf(values['allowed-host'], env.SANDBOX_ALLOWED_HOSTS, []),
};

const sandbox = await startSandbox({
  host: values.host ?? env.SANDBOX_HOST ?? '127.0.0.1',
  stripePort: numberOf(values['stripe-port'] ?? env.SANDBOX_STRIPE_PORT, 12111),
  hubspotPort: numberOf(values['hubspot-port'] ?? env.SANDBOX_HUBSPOT_PORT, 12112),
  ...(dataDir ? { dataDir } : {}),
  stripeCredentials: { redirectUris },
  browserAccess,
  stripeWebhooks: [
    ...(values.webhook ?? env.SANDBOX_WEBHOOKS?.split(/\s+/).filter(Boolean) ?? []).map((spec) =>
      endpoint(spec, false),
    ),
    ...(values['connect-webhook'] ?? env.SANDBOX_CONNECT_WEBHOOKS?.split(/\s+/).filter(Boolean) ?? []).map(
      (spec) => endpoint(spec, true),
    ),
  ],
  hubspotTokenTtlSeconds: numberOf(values['token-ttl'], 1800),
  hubspotSearchIndexDelayMs: numberOf(values['index-delay'], 1000),
  hubspotRateLimits: !values['no-rate-limits'],
  logger: values.log ?? env.SANDBOX_LOG === 'true',
});

console.log(`Billbridge sandbox
  Stripe stand-in   ${sandbox.stripe.url}
    secret key ${sandbox.stripe.secretKey} · publishable key ${sandbox.stripe.publishableKey}
    Connect client id ${sandbox.stripe.clientId} · platform account ${sandbox.stripe.accountId}
    Connect redirect URIs ${redirectUris.join(', ')}
    API open to pages of ${browserAccess.appOrigins.join(', ') || 'no origin'}
  HubSpot stand-in  ${sandbox.hubspot.url}
    client id ${sandbox.hubspot.clientId} · client secret ${sandbox.hubspot.clientSecret}
  Control page      ${sandbox.controlUrl}
  State             ${dataDir ?? 'in memory only'}`);

const stop = (): void => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
