import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import type { FieldIssue } from './errors.ts';
import { subscriptionIdSchema, subscriptionSettingsSchema } from './subscriptions.ts';

/**
 * Subscription settings (spec §3 "Settings definition", §5): the settings form is built from this
 * list and the server validates against it, so one edit here changes both.
 */
export type SettingType = 'string' | 'number';

export type SettingDefinition = {
  key: string;
  labelKey: string;
  type: SettingType;
  placeholderKey: string;
  required: boolean;
  /** Not shown, and refused by the server, while the workspace is on the free plan. */
  hiddenOnFreePlan: boolean;
};

export const settingDefinitions: SettingDefinition[] = [
  {
    key: 'name',
    labelKey: 'settings.name.label',
    type: 'string',
    placeholderKey: 'settings.name.placeholder',
    required: true,
    hiddenOnFreePlan: false,
  },
  {
    key: 'notification_threshold',
    labelKey: 'settings.notificationThreshold.label',
    type: 'number',
    placeholderKey: 'settings.notificationThreshold.placeholder',
    required: false,
    hiddenOnFreePlan: true,
  },
];

/** The definitions the form shows for a workspace on the given plan. */
export const visibleSettingDefinitions = (onFreePlan: boolean): SettingDefinition[] =>
  settingDefinitions.filter((definition) => !(onFreePlan && definition.hiddenOnFreePlan));

/** Spec §5: stored field names may not begin and end with double underscores. */
export const isReservedFieldName = (name: string): boolean =>
  name.length >= 2 && name.startsWith('__') && name.endsWith('__');

export const maxSettingStringLength = 200;

export type SettingsUpdateCheck = {
  issues: FieldIssue[];
  /** The values to write (strings trimmed) and the keys to clear; `merged` is the result on `stored`. */
  patch: Record<string, unknown>;
  cleared: string[];
  merged: Record<string, unknown>;
};

/**
 * Checks an update of the settings and merges it into the stored ones. A key may be sent alone
 * (the rest is kept); `null` clears an optional setting; strings are trimmed. Required settings are
 * checked on the merged result, so an update need not repeat them.
 */
export const checkSettingsUpdate = (
  update: Record<string, unknown>,
  { stored, onFreePlan }: { stored: Record<string, unknown>; onFreePlan: boolean },
): SettingsUpdateCheck => {
  const issues: FieldIssue[] = [];
  const patch: Record<string, unknown> = {};
  const cleared: string[] = [];
  for (const [key, value] of Object.entries(update)) {
    if (isReservedFieldName(key)) {
      issues.push({
        path: key,
        message: `Field name "${key}" is reserved: names may not begin and end with "__"`,
      });
      continue;
    }
    const definition = settingDefinitions.find((candidate) => candidate.key === key);
    if (!definition) {
      issues.push({ path: key, message: `Unknown setting "${key}"` });
      continue;
    }
    if (value === null) {
      cleared.push(key);
      continue;
    }
    if (onFreePlan && definition.hiddenOnFreePlan) {
      issues.push({ path: key, message: `${key} is not available on the free plan` });
      continue;
    }
    if (definition.type === 'string') {
      if (typeof value !== 'string') issues.push({ path: key, message: `${key} must be a string` });
      else if (value.trim().length > maxSettingStringLength) {
        issues.push({ path: key, message: `${key} must be at most ${maxSettingStringLength} characters` });
      } else patch[key] = value.trim();
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ path: key, message: `${key} must be a number` });
    } else patch[key] = value;
  }
  const merged = {
    ...Object.fromEntries(Object.entries(stored).filter(([key]) => !cleared.includes(key))),
    ...patch,
  };
  for (const definition of settingDefinitions) {
    if (!definition.required || issues.some((issue) => issue.path === definition.key)) continue;
    const value = merged[definition.key];
    if (value === undefined || value === '')
      issues.push({ path: definition.key, message: `${definition.key} is required` });
  }
  return { issues, patch, cleared, merged };
};

export const updateSubscriptionSettings = defineFunction({
  name: 'updateSubscriptionSettings',
  input: z.object({
    subscriptionId: subscriptionIdSchema,
    settings: z
      .record(z.string(), z.unknown())
      .refine((settings) => Object.keys(settings).length <= 50, 'at most 50 settings at once'),
  }),
  output: z.object({ settings: subscriptionSettingsSchema }),
  requires: { allOf: ['admin'] },
});
