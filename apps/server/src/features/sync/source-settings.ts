import type { SyncToggle } from './event-kinds.ts';

export type SyncToggles = Record<SyncToggle, boolean>;

const toggles: SyncToggle[] = ['customers', 'payments', 'invoices', 'subscriptions', 'products'];

/** A source's sync toggles (`settings.sync`); a toggle never set is on. */
export const syncTogglesOf = (settings: Record<string, unknown>): SyncToggles => {
  const sync = (settings.sync ?? {}) as Partial<Record<SyncToggle, unknown>>;
  return Object.fromEntries(toggles.map((name) => [name, sync[name] !== false])) as SyncToggles;
};
