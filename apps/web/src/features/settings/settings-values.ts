import type { SettingDefinition } from '@billbridge/contract';

/** A form value per setting; an empty number field holds '' (Mantine's NumberInput does too). */
export type SettingsValues = Record<string, string | number>;

export const initialSettingsValues = (
  definitions: readonly SettingDefinition[],
  stored: Record<string, unknown>,
): SettingsValues =>
  Object.fromEntries(
    definitions.map((definition) => {
      const value = stored[definition.key];
      const typed = definition.type === 'number' ? typeof value === 'number' : typeof value === 'string';
      return [definition.key, typed ? (value as string | number) : ''];
    }),
  );

const isEmpty = (value: string | number | undefined): boolean =>
  value === undefined || (typeof value === 'string' && !value.trim());

/** Spec §5: a required setting must be filled in. */
export const isMissing = (definition: SettingDefinition, value: string | number | undefined): boolean =>
  definition.required && isEmpty(value);

/**
 * What `updateSubscriptionSettings` receives: the shown settings only, strings trimmed, numbers as
 * numbers, and `null` for an emptied optional one (the server clears it).
 */
export const settingsToSave = (
  definitions: readonly SettingDefinition[],
  values: SettingsValues,
): Record<string, string | number | null> =>
  Object.fromEntries(
    definitions.map((definition) => {
      const value = values[definition.key];
      if (isEmpty(value)) return [definition.key, null];
      return [definition.key, definition.type === 'number' ? Number(value) : String(value).trim()];
    }),
  );
