/** Spec §9: lists start at page 1. The numbers of a "showing X to Y of Z results" line. */
export type ShowingRange = { from: number; to: number; total: number };

export const showingRange = (page: number, pageSize: number, total: number): ShowingRange => {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total), total };
};

/** At least one page, so the control never shows zero pages. */
export const pageCount = (pageSize: number, total: number): number =>
  Math.max(1, Math.ceil(total / pageSize));
