import { createAuthEndpoint } from 'better-auth/api';
import type { SocialProviderId } from '@billbridge/contract';

/** `GET /api/auth/social-providers`: which sign-in buttons to show (spec §1: each enabled by configuration). */
export const socialProvidersEndpoint = (enabled: SocialProviderId[]) =>
  createAuthEndpoint('/social-providers', { method: 'GET' }, async (ctx) => ctx.json({ providers: enabled }));
