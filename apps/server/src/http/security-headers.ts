import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { StripeSettings } from '../config/env.ts';

/** Where Stripe.js may come from and talk to. */
export type StripeJsSources = Pick<StripeSettings, 'stripeJsUrl' | 'apiUrl'>;

/**
 * Stripe's own CSP list for Stripe.js (js.stripe.com scripts and frames, hooks.stripe.com frames for
 * 3-D Secure, api.stripe.com calls), or the sandbox stand-in's origin when that serves the script.
 */
const stripeOrigins = (stripe: StripeJsSources | undefined) => {
  if (!stripe) return { script: [], frame: [], connect: [] };
  const script = new URL(stripe.stripeJsUrl).origin;
  const frame =
    script === 'https://js.stripe.com'
      ? [script, 'https://*.js.stripe.com', 'https://hooks.stripe.com']
      : [script];
  const scripts = script === 'https://js.stripe.com' ? [script, 'https://*.js.stripe.com'] : [script];
  // The stand-in's script calls the API where it was loaded from, which a container may publish
  // under another name than the one the server uses.
  const connect = [
    ...new Set([new URL(stripe.apiUrl).origin, ...(script === 'https://js.stripe.com' ? [] : [script])]),
  ];
  return { script: scripts, frame, connect };
};

/**
 * Security headers on every answer (decision 014). The SPA is built with no inline script, so
 * scripts come from this origin only; Mantine writes styles at run time, hence 'unsafe-inline' for
 * styles alone. No page may frame ours (`frame-ancestors 'none'`: owner screens cannot be
 * clickjacked). No referrer leaves the app, so an `/auth/action?oobCode=…` link never travels in a
 * Referer header. HSTS only when the app is served over https, where it is meaningful. Payment forms
 * load Stripe.js from its configured address (decision 028).
 *
 * helmet's middleware is built once here: `@fastify/helmet` built it anew on every request
 * (parsing and checking every CSP directive), a third of the webhook route's own work (decision 038).
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  appUrl: string,
  stripe?: StripeJsSources,
): Promise<void> => {
  const https = appUrl.startsWith('https://');
  const stripeJs = stripeOrigins(stripe);
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...stripeJs.script],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars come from the identity provider (https); Mantine draws some icons as data: URLs.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeJs.connect],
        frameSrc: ["'self'", ...stripeJs.frame],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  // helmet 8 throws instead of passing errors on, so its callback only ever says "done".
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
};
