import type { FastifyInstance } from 'fastify';
import { billingWebhookPath } from '@billbridge/contract';
import type { AppContext } from '../context.ts';
import { applyBillingEvent } from '../features/billing/billing-events.ts';
import { registerSignedStripeRoute } from './stripe-webhook.ts';

/**
 * `POST /webhooks/stripe-billing`: the platform account's own events (Billbridge billing its
 * workspaces), apart from the Connect endpoint and with its own signing secret.
 */
export const registerStripeBillingWebhook = (app: FastifyInstance, context: AppContext): void =>
  registerSignedStripeRoute(
    app,
    billingWebhookPath,
    () => context.providers.stripe?.billingWebhookSecret,
    async (event) => ({ received: true, outcome: await applyBillingEvent(context, event) }),
  );
