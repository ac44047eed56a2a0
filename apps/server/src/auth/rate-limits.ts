import type { BetterAuthRateLimitOptions } from 'better-auth';

/**
 * Per client address and path, counted in the `rate_limit` table so every server process shares
 * the count. Other `/api/auth` paths keep better-auth's default (100 requests per 10 s).
 */
export const authRateLimit = (enabled: boolean): BetterAuthRateLimitOptions => ({
  enabled,
  storage: 'database',
  modelName: 'rateLimit',
  customRules: {
    '/sign-in/*': { window: 60, max: 5 },
    '/sign-up/*': { window: 600, max: 5 },
    '/request-password-reset': { window: 900, max: 3 },
    '/send-verification-email': { window: 600, max: 3 },
    '/change-email': { window: 600, max: 5 },
    '/update-password': { window: 600, max: 5 },
    '/recover-email': { window: 600, max: 5 },
    '/check-action-code': { window: 60, max: 20 },
    // Issue 36: enrolment, codes, recovery codes. The plugin's 3 per 10 s tripped a person setting
    // it up; the per-account counter (hooks/sign-in-failures.ts) is what stops code guessing.
    '/two-factor/*': { window: 60, max: 10 },
  },
});
