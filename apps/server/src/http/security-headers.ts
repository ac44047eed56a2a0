import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer (decision 014). The SPA is built with no inline script, so
 * scripts come from this origin only; Mantine writes styles at run time, hence 'unsafe-inline' for
 * styles alone. No page may frame ours (`frame-ancestors 'none'`: owner screens cannot be
 * clickjacked). No referrer leaves the app, so an `/auth/action?oobCode=…` link never travels in a
 * Referer header. HSTS only when the app is served over https, where it is meaningful.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, appUrl: string): Promise<void> => {
  const https = appUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars come from the identity provider (https); Mantine draws some icons as data: URLs.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
};
