import {
  sourceFiltersSchema,
  sourceSyncToggles,
  type SourceFilters,
  type SourceSyncToggle,
} from '@billbridge/contract';

export type SyncToggles = Record<SourceSyncToggle, boolean>;

/** A source's sync toggles (`settings.sync`); a toggle never set is on. */
export const syncTogglesOf = (settings: Record<string, unknown>): SyncToggles => {
  const sync = (settings.sync ?? {}) as Partial<Record<SourceSyncToggle, unknown>>;
  return Object.fromEntries(sourceSyncToggles.map((name) => [name, sync[name] !== false])) as SyncToggles;
};

/** A source's filters (`settings.filters`, issue 34 §2); none set when absent or unreadable. */
export const filtersOf = (settings: Record<string, unknown>): SourceFilters => {
  const parsed = sourceFiltersSchema.safeParse(settings.filters ?? {});
  return parsed.success ? parsed.data : sourceFiltersSchema.parse({});
};

/** Whether any filter is set: a source without one lets every customer through unread. */
export const filtersAreSet = (filters: SourceFilters): boolean =>
  filters.live_subscription || filters.has_paid || filters.metadata !== null || filters.exclude_test_clocks;
