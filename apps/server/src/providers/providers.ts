import { createHmac } from 'node:crypto';
import path from 'node:path';
import { billingWebhookPath, routes } from '@billbridge/contract';
import { startSandbox, type Sandbox } from '@billbridge/sandbox';
import type { Config, HubSpotSettings, StripeSettings } from '../config/env.ts';

/**
 * The Stripe platform and HubSpot app this process talks to (ARCHITECTURE §8). Configured ones are
 * the real providers; in sandbox mode a missing one is the local stand-in, started in this process
 * with its state in `DATA_DIR/sandbox`. The code that uses them is the same either way.
 */
export type Providers = {
  stripe: StripeSettings | undefined;
  hubspot: HubSpotSettings | undefined;
  /** The embedded stand-ins, when this process runs them. */
  sandbox: Sandbox | undefined;
  /**
   * Tells the embedded Stripe stand-in where this process receives Connect webhooks; the platform's
   * own (billing) events go to `billingWebhookPath` on the same origin.
   */
  receiveWebhooksAt: (url: string) => void;
  /**
   * The origin Stripe reaches this server's webhooks at: where the embedded stand-in was told to
   * deliver, else `APP_URL` (a key source registers its own endpoint there, issue 36 §3).
   */
  webhookOrigin: () => string;
  close: () => Promise<void>;
};

/** The stand-in's endpoint secret, derived from SECRET so it survives restarts without being stored. */
const sandboxWebhookSecret = (secret: string, purpose = 'sandbox stripe webhook'): string =>
  `whsec_${createHmac('sha256', secret).update(purpose).digest('base64url')}`;

export const startProviders = async (config: Config, secret: string): Promise<Providers> => {
  const needsSandbox = config.sandbox && (!config.stripe || !config.hubspot);
  if (!needsSandbox) {
    return {
      stripe: config.stripe,
      hubspot: config.hubspot,
      sandbox: undefined,
      receiveWebhooksAt: () => undefined,
      webhookOrigin: () => config.appUrl,
      close: async () => undefined,
    };
  }
  const sandbox = await startSandbox({
    dataDir: path.join(path.resolve(config.dataDir), 'sandbox'),
    stripePort: config.sandboxPorts.stripe,
    hubspotPort: config.sandboxPorts.hubspot,
    // The stand-in, like Stripe, sends Connect OAuth back only to the platform's registered URIs.
    stripeCredentials: { redirectUris: [`${config.appUrl}${routes.stripeCallback}`] },
    // Only the app's pages call the stand-in from a browser, by loopback or APP_URL's name.
    browserAccess: {
      appOrigins: [new URL(config.appUrl).origin],
      hostnames: [new URL(config.appUrl).hostname],
    },
  });
  const webhookSecret = sandboxWebhookSecret(secret);
  const billingWebhookSecret = sandboxWebhookSecret(secret, 'sandbox stripe billing webhook');
  let webhookUrl: string | undefined;
  return {
    stripe: config.stripe ?? {
      secretKey: sandbox.stripe.secretKey,
      publishableKey: sandbox.stripe.publishableKey,
      clientId: sandbox.stripe.clientId,
      webhookSecret,
      billingWebhookSecret,
      stripeJsUrl: `${sandbox.stripe.url}/sandbox.js`,
      apiUrl: sandbox.stripe.url,
      connectUrl: sandbox.stripe.url,
    },
    hubspot: config.hubspot ?? {
      clientId: sandbox.hubspot.clientId,
      clientSecret: sandbox.hubspot.clientSecret,
      apiUrl: sandbox.hubspot.url,
      authorizeUrl: `${sandbox.hubspot.url}/oauth/authorize`,
    },
    sandbox,
    receiveWebhooksAt: (url) => {
      if (config.stripe || webhookUrl === url) return;
      webhookUrl = url;
      sandbox.addStripeWebhookEndpoint({ url, secret: webhookSecret, connect: true });
      const billingUrl = new URL(billingWebhookPath, url).toString();
      sandbox.addStripeWebhookEndpoint({ url: billingUrl, secret: billingWebhookSecret, connect: false });
    },
    webhookOrigin: () => (webhookUrl ? new URL(webhookUrl).origin : config.appUrl),
    close: () => sandbox.close(),
  };
};
