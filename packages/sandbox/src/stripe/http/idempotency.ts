import { StripeApiError } from '../errors.ts';

type Saved = { fingerprint: string; status: number; body: string; savedAt: number };

const ttlMs = 24 * 3_600_000;
const maxEntries = 20_000;

/**
 * Stripe's idempotency: the first result of a key (per account) is replayed for the next 24 hours;
 * reusing the key with other parameters is an `idempotency_error`.
 */
export class IdempotencyCache {
  private readonly saved = new Map<string, Saved>();

  replay(key: string, fingerprint: string): Saved | undefined {
    const hit = this.saved.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.savedAt > ttlMs) {
      this.saved.delete(key);
      return undefined;
    }
    if (hit.fingerprint !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key.split('|').at(-1) ?? key}' if you meant to execute a different request.`,
      });
    }
    return hit;
  }

  save(key: string, fingerprint: string, status: number, body: string): void {
    this.saved.set(key, { fingerprint, status, body, savedAt: Date.now() });
    if (this.saved.size > maxEntries) {
      const oldest = this.saved.keys().next();
      if (!oldest.done) this.saved.delete(oldest.value);
    }
  }
}

/** Stripe saves a result once the endpoint started executing; auth, rate-limit and server errors are not saved. */
export const cacheable = (status: number): boolean =>
  status < 500 && status !== 401 && status !== 409 && status !== 429;
