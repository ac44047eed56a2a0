import { sourceSyncToggles, type SourceSyncToggle } from '@billbridge/contract';

export type SyncToggles = Record<SourceSyncToggle, boolean>;

/** A source's sync toggles (`settings.sync`); a toggle never set is on. */
export const syncTogglesOf = (settings: Record<string, unknown>): SyncToggles => {
  const sync = (settings.sync ?? {}) as Partial<Record<SourceSyncToggle, unknown>>;
  return Object.fromEntries(sourceSyncToggles.map((name) => [name, sync[name] !== false])) as SyncToggles;
};
