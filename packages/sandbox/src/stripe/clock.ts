/**
 * The sandbox's notion of "now" for Stripe objects: real time plus an offset that only grows.
 * Advancing it is how a demo or a test reaches the next billing period.
 */
export class StripeClock {
  private offsetSeconds: number;
  private readonly onChange: (offsetSeconds: number) => void;

  constructor(offsetSeconds: number, onChange: (offsetSeconds: number) => void) {
    this.offsetSeconds = offsetSeconds;
    this.onChange = onChange;
  }

  /** Unix seconds. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  offset(): number {
    return this.offsetSeconds;
  }

  shift(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new Error('The clock only moves forward.');
    this.offsetSeconds += Math.floor(seconds);
    this.onChange(this.offsetSeconds);
  }
}

const secondsPer = { day: 86_400, week: 604_800 } as const;

/** Adds `count` intervals to a Unix time the way Stripe bills: calendar months and years, clamped to month ends. */
export const addInterval = (
  unixSeconds: number,
  interval: 'day' | 'week' | 'month' | 'year',
  count: number,
): number => {
  if (interval === 'day' || interval === 'week') return unixSeconds + secondsPer[interval] * count;
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  const months = interval === 'month' ? count : count * 12;
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
};
