import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
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

type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * The headers a helmet policy sets, worked out once: our policies have no per-answer part (no
 * nonces), and helmet would rebuild the CSP string for every answer.
 */
const headersOf = (policy: ReturnType<typeof helmet>): HeaderList => {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  policy(response.req, response, () => undefined);
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)] as const);
};

/** What every answer carries: no framing, no referrer, and HSTS where it means something. */
const everywhere = (https: boolean) =>
  ({
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  }) as const;

/** What every page and browser-facing answer carries. */
const documentPolicy = (https: boolean, stripe?: StripeJsSources) => {
  const stripeJs = stripeOrigins(stripe);
  return helmet({
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
        // No injected form may post what a user typed to another site.
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    ...everywhere(https),
  });
};

/**
 * What an answer to a machine carries (OWASP's REST security headers): a webhook's JSON answer is
 * read by the provider's servers and never rendered, so the headers that steer a browser's
 * rendering of a page (script and style sources, cross-origin isolation, DNS prefetch, download
 * and XSS-filter switches) have nothing to act on. It still cannot be framed, sniffed, cached or
 * sent over plain http once https was seen.
 */
const machinePolicy = (https: boolean) =>
  helmet({
    // A JSON answer loads nothing and may be framed by nothing.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    ...everywhere(https),
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

/** Where machines call us: the providers' webhooks. */
const machinePaths = /^\/webhooks\//;

/** Answers no cache may keep: the API's (sessions, workspace data), every kept e-mail, the metrics. */
const noStorePaths = /^\/(api|dev)(\/|\?|$)|^\/metrics(\?|$)/;

/**
 * Security headers on every answer (decisions 014 and 045). The SPA is built with no inline
 * script, so scripts come from this origin only; Mantine writes styles at run time, hence
 * 'unsafe-inline' for styles alone. No page may frame ours (`frame-ancestors 'none'`: owner screens
 * cannot be clickjacked). No referrer leaves the app, so an `/auth/action?oobCode=…` link never
 * travels in a Referer header. Forms post only here, and API answers, the dev mailbox and the
 * metrics are never cached. HSTS only when the app is served over https, where it is
 * meaningful. Payment forms load Stripe.js from its configured address (decision 028). Webhook
 * answers carry the machine set.
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  appUrl: string,
  stripe?: StripeJsSources,
): void => {
  const https = appUrl.startsWith('https://');
  const documents = headersOf(documentPolicy(https, stripe));
  const machines: HeaderList = [...headersOf(machinePolicy(https)), ['cache-control', 'no-store']];
  // On the raw answer, as helmet did: answers written past Fastify (auth, static files) keep them.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = machinePaths.test(request.url) ? machines : documents;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (noStorePaths.test(request.url)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
};
