import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '@billbridge/contract';
import { chartOf, toggleType, zeroSeries } from './chart-series.ts';

const summary: ActivitySummary = {
  eventTypes: ['customer', 'invoice'],
  dailyData: [
    { date: '2026-11-01', customer: 2, invoice: 0 },
    { date: '2026-11-02', customer: 0, invoice: 3 },
  ],
  totals: { customer: 2, invoice: 3 },
  total: 5,
};

describe('dashboard chart', () => {
  it('toggling a type adds it when absent and removes it when present', () => {
    expect(toggleType(['customer'], 'invoice')).toEqual(['customer', 'invoice']);
    expect(toggleType(['customer', 'invoice'], 'customer')).toEqual(['invoice']);
  });

  it('draws the selected types in the summary’s order with each day’s counts', () => {
    expect(chartOf(summary, ['invoice', 'customer'])).toEqual({
      series: ['customer', 'invoice'],
      data: [
        { date: '2026-11-01', customer: 2, invoice: 0 },
        { date: '2026-11-02', customer: 0, invoice: 3 },
      ],
    });
    expect(chartOf(summary, ['invoice']).data[0]).toEqual({ date: '2026-11-01', invoice: 0 });
  });

  it('draws one zero series on every day when nothing is selected', () => {
    expect(chartOf(summary, [])).toEqual({
      series: [zeroSeries],
      data: [
        { date: '2026-11-01', [zeroSeries]: 0 },
        { date: '2026-11-02', [zeroSeries]: 0 },
      ],
    });
  });
});
