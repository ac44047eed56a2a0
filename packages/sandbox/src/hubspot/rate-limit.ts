import { uuid } from '../shared/ids.ts';

export const tenSecondlyMax = 110;
export const searchPerSecondMax = 5;
const windowMs = 10_000;
const dailyMax = 250_000;

export type LimitResult =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string>; body: Record<string, unknown> };

/**
 * HubSpot's limits for an OAuth app, per portal: 110 requests per rolling 10 seconds, which leaves
 * the CRM search endpoints out, and 5 search requests per second (rule `search-rate-limit`). Both
 * count towards the daily limit. Rejected requests do not count.
 */
export class RateLimiter {
  private readonly recent = new Map<number, number[]>();
  private readonly searches = new Map<number, number[]>();
  private readonly daily = new Map<number, { day: string; count: number }>();
  private enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
  }

  reset(portalId?: number): void {
    if (portalId === undefined) {
      this.recent.clear();
      this.searches.clear();
      return;
    }
    this.recent.delete(portalId);
    this.searches.delete(portalId);
  }

  private window(map: Map<number, number[]>, portalId: number, now: number, length: number): number[] {
    const kept = (map.get(portalId) ?? []).filter((at) => at > now - length);
    map.set(portalId, kept);
    return kept;
  }

  private dailyCount(portalId: number, now: number): { day: string; count: number } {
    const day = new Date(now).toISOString().slice(0, 10);
    const current = this.daily.get(portalId);
    if (current && current.day === day) return current;
    const fresh = { day, count: 0 };
    this.daily.set(portalId, fresh);
    return fresh;
  }

  check(portalId: number, search: boolean, now = Date.now()): LimitResult {
    const recent = this.window(this.recent, portalId, now, windowMs);
    const lastSecond = recent.filter((at) => at > now - 1_000).length;
    const daily = this.dailyCount(portalId, now);
    const headers = (used: number): Record<string, string> =>
      search
        ? {}
        : {
            'X-HubSpot-RateLimit-Daily': String(dailyMax),
            'X-HubSpot-RateLimit-Daily-Remaining': String(Math.max(0, dailyMax - daily.count - used)),
            'X-HubSpot-RateLimit-Interval-Milliseconds': String(windowMs),
            'X-HubSpot-RateLimit-Max': String(tenSecondlyMax),
            'X-HubSpot-RateLimit-Remaining': String(Math.max(0, tenSecondlyMax - recent.length - used)),
            'X-HubSpot-RateLimit-Secondly': String(tenSecondlyMax / 10),
            'X-HubSpot-RateLimit-Secondly-Remaining': String(
              Math.max(0, tenSecondlyMax / 10 - lastSecond - used),
            ),
          };
    if (this.enabled && !search && recent.length >= tenSecondlyMax) {
      const oldest = recent[0] ?? now;
      return {
        allowed: false,
        headers: {
          ...headers(0),
          'Retry-After': String(Math.max(1, Math.ceil((oldest + windowMs - now) / 1_000))),
        },
        body: {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          correlationId: uuid(),
          policyName: 'TEN_SECONDLY_ROLLING',
          groupName: 'publicapi:oauth:sandbox',
        },
      };
    }
    if (this.enabled && search) {
      const searches = this.window(this.searches, portalId, now, 1_000);
      if (searches.length >= searchPerSecondMax) {
        return {
          allowed: false,
          headers: { 'Retry-After': '1' },
          body: {
            status: 'error',
            message: 'You have reached your secondly limit.',
            errorType: 'RATE_LIMIT',
            correlationId: uuid(),
            policyName: 'SECONDLY',
          },
        };
      }
      searches.push(now);
    }
    if (!search) recent.push(now);
    daily.count += 1;
    return { allowed: true, headers: headers(0) };
  }
}
