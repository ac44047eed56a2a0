import type { PortalData } from './types.ts';

/**
 * Deals whose calculated revenue may have changed since it was last calculated: a line item of
 * theirs was written or archived, or a line item was associated or dissociated. Kept per portal
 * so a write recalculates those deals only, not every deal of a portal of thousands.
 */
const dirty = new WeakMap<PortalData, Set<string>>();

export const markDealDirty = (portal: PortalData, dealId: string): void => {
  let deals = dirty.get(portal);
  if (!deals) dirty.set(portal, (deals = new Set()));
  deals.add(dealId);
};

/** The deals to recalculate, forgotten as they are handed over. */
export const takeDirtyDeals = (portal: PortalData): string[] => {
  const deals = dirty.get(portal);
  dirty.delete(portal);
  return deals ? [...deals] : [];
};
