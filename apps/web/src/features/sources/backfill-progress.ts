import type { Backfill, BackfillKind } from '@billbridge/contract';

export type KindState = 'waiting' | 'importing' | 'imported';

/** Kinds are imported in order: those before the current one are finished, those after wait. */
export const kindStateOf = (backfill: Backfill, kind: BackfillKind): KindState => {
  if (backfill.status === 'done') return 'imported';
  const current = backfill.current_kind ? backfill.kinds.indexOf(backfill.current_kind) : -1;
  const index = backfill.kinds.indexOf(kind);
  if (index === current) return backfill.status === 'running' ? 'importing' : 'waiting';
  return current !== -1 && index < current ? 'imported' : 'waiting';
};
