import { describe, expect, it } from 'vitest';
import { formatDate, formatInvoiceDate, formatTime, fromEpochSeconds } from './dates.ts';

// Local time on purpose: the helpers format in the viewer's time zone, whatever the machine's is.
const afternoon = new Date(2026, 0, 5, 14, 30);
const english = { language: 'en', invalidText: 'Invalid date' } as const;
const chinese = { language: 'zh', invalidText: '无效日期' } as const;

describe('formatDate', () => {
  it('writes English dates as "MMM D, YYYY"', () => {
    expect(formatDate(afternoon, english)).toBe('Jan 5, 2026');
  });

  it('writes Chinese dates with year, month and day characters', () => {
    expect(formatDate(afternoon, chinese)).toBe('2026年1月5日');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDate('2026-03-09', english)).toBe('Mar 9, 2026');
    expect(formatDate(afternoon.getTime(), english)).toBe('Jan 5, 2026');
  });

  it('shows the invalid-date text for missing or unreadable input', () => {
    expect(formatDate('not a date', english)).toBe('Invalid date');
    expect(formatDate(undefined, english)).toBe('Invalid date');
    expect(formatDate(null, chinese)).toBe('无效日期');
    expect(formatDate(Number.NaN, english)).toBe('Invalid date');
  });
});

describe('formatTime', () => {
  it('writes English times as "h:mm A"', () => {
    expect(formatTime(afternoon, english)).toBe('2:30 PM');
    expect(formatTime(new Date(2026, 0, 5, 9, 5), english)).toBe('9:05 AM');
  });

  it('writes Chinese times on a 24-hour clock', () => {
    expect(formatTime(afternoon, chinese)).toBe('14:30');
  });

  it('shows the invalid-date text for unreadable input', () => {
    expect(formatTime('soon', english)).toBe('Invalid date');
  });
});

describe('formatInvoiceDate', () => {
  it('writes an en-US short date whatever the UI language', () => {
    expect(formatInvoiceDate(afternoon, english)).toBe('1/5/2026');
    expect(formatInvoiceDate(afternoon, chinese)).toBe('1/5/2026');
  });

  it('reads the epoch seconds invoices carry', () => {
    const seconds = Math.floor(afternoon.getTime() / 1000);
    expect(formatInvoiceDate(fromEpochSeconds(seconds), english)).toBe('1/5/2026');
  });

  it('shows the invalid-date text for unreadable input', () => {
    expect(formatInvoiceDate('', chinese)).toBe('无效日期');
  });
});
