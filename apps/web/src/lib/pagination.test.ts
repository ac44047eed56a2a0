import { describe, expect, it } from 'vitest';
import { pageCount, showingRange } from './pagination.ts';

describe('showingRange', () => {
  it('shows the rows of the first page', () => {
    expect(showingRange(1, 10, 23)).toEqual({ from: 1, to: 10, total: 23 });
  });

  it('stops the last page at the total', () => {
    expect(showingRange(3, 10, 23)).toEqual({ from: 21, to: 23, total: 23 });
  });

  it('shows 0 to 0 of 0 for an empty list', () => {
    expect(showingRange(1, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});

describe('pageCount', () => {
  it('rounds up and never drops below one page', () => {
    expect(pageCount(10, 23)).toBe(3);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
  });
});
