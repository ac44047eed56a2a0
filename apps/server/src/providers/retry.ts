/** Exponential backoff with jitter: how long to wait before attempt `attempt` (from 0). */
export const backoffMs = (attempt: number, baseMs = 500, maxMs = 30_000): number =>
  Math.min(maxMs, baseMs * 2 ** attempt) * (0.5 + Math.random() / 2);

/**
 * A provider did not answer as it should for now (an outage, a timeout, a missing token): the
 * round's events wait for a later round without spending a write attempt.
 */
export class TransientError extends Error {}
