import { describe, expect, it } from 'vitest';
import type { Backfill } from '@billbridge/contract';
import { kindStateOf } from './backfill-progress.ts';

const backfill = (changes: Partial<Backfill>): Backfill => ({
  id: 'bf_1',
  source_id: 'src_1',
  status: 'running',
  kinds: ['products', 'customers', 'subscriptions', 'invoices'],
  current_kind: 'customers',
  counts: { products: 3, customers: 100 },
  error: null,
  start_time: 1_767_225_600,
  finish_time: null,
  ...changes,
});

const states = (value: Backfill) => value.kinds.map((kind) => kindStateOf(value, kind));

describe('kindStateOf', () => {
  it('shows the kinds before the current one imported and the later ones waiting', () => {
    expect(states(backfill({}))).toEqual(['imported', 'importing', 'waiting', 'waiting']);
  });

  it('shows every kind imported once the import is done', () => {
    expect(states(backfill({ status: 'done', current_kind: null }))).toEqual([
      'imported',
      'imported',
      'imported',
      'imported',
    ]);
  });

  it('stops the kind a failed import was on', () => {
    expect(states(backfill({ status: 'failed', current_kind: 'subscriptions' }))).toEqual([
      'imported',
      'imported',
      'waiting',
      'waiting',
    ]);
  });
});
