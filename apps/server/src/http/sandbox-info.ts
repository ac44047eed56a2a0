import type { FastifyInstance } from 'fastify';
import type { Providers } from '../providers/providers.ts';
import { loopbackOnly } from './loopback-only.ts';

export type SandboxInfo = { controlUrl: string; stripeUrl: string; hubspotUrl: string; mailboxPath: string };

/**
 * `GET /api/sandbox`: where the embedded stand-ins are, so the app can link their control page
 * (create customers and billing subscriptions, browse the HubSpot portals) and the dev mailbox.
 * Registered only when this process runs the stand-ins, and answered to this machine only.
 */
export const registerSandboxInfoRoute = (app: FastifyInstance, providers: Providers): void => {
  const sandbox = providers.sandbox;
  if (!sandbox) return;
  app.get('/api/sandbox', { onRequest: loopbackOnly }, async (): Promise<SandboxInfo> => ({
    controlUrl: sandbox.controlUrl,
    stripeUrl: sandbox.stripe.url,
    hubspotUrl: sandbox.hubspot.url,
    mailboxPath: '/dev/mailbox',
  }));
};
