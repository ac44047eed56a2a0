import { describe, expect, it } from 'vitest';
import { checkSettingsUpdate, isReservedFieldName, visibleSettingDefinitions } from './settings.ts';

const stored = { name: 'Acme', notification_threshold: 500 };
const paid = { stored, onFreePlan: false };

describe('checkSettingsUpdate', () => {
  it('merges a valid update into the stored settings, trimming strings', () => {
    expect(checkSettingsUpdate({ name: '  Acme Sync  ' }, paid)).toMatchObject({
      issues: [],
      merged: { name: 'Acme Sync', notification_threshold: 500 },
    });
  });

  it('requires a non-empty name on the merged result', () => {
    expect(checkSettingsUpdate({ name: '   ' }, paid).issues).toEqual([
      { path: 'name', message: 'name is required' },
    ]);
    expect(checkSettingsUpdate({ name: null }, paid).issues).toEqual([
      { path: 'name', message: 'name is required' },
    ]);
    expect(
      checkSettingsUpdate({ notification_threshold: 9 }, { stored: {}, onFreePlan: false }).issues,
    ).toEqual([{ path: 'name', message: 'name is required' }]);
  });

  it('checks the type of each setting', () => {
    expect(checkSettingsUpdate({ name: 42, notification_threshold: '9' }, paid).issues).toEqual([
      { path: 'name', message: 'name must be a string' },
      { path: 'notification_threshold', message: 'notification_threshold must be a number' },
    ]);
  });

  it('refuses unknown and reserved field names, naming them', () => {
    expect(
      checkSettingsUpdate({ color: 'red', __proto_x__: 1 }, paid).issues.map((issue) => issue.message),
    ).toEqual([
      'Unknown setting "color"',
      'Field name "__proto_x__" is reserved: names may not begin and end with "__"',
    ]);
  });

  it('refuses the notification threshold on the free plan', () => {
    expect(checkSettingsUpdate({ notification_threshold: 10 }, { stored, onFreePlan: true }).issues).toEqual([
      { path: 'notification_threshold', message: 'notification_threshold is not available on the free plan' },
    ]);
  });

  it('clears an optional setting sent as null', () => {
    const check = checkSettingsUpdate({ notification_threshold: null }, paid);
    expect(check).toMatchObject({
      issues: [],
      cleared: ['notification_threshold'],
      merged: { name: 'Acme' },
    });
  });
});

describe('the settings definitions', () => {
  it('hide the notification threshold on the free plan', () => {
    expect(visibleSettingDefinitions(true).map((definition) => definition.key)).toEqual(['name']);
    expect(visibleSettingDefinitions(false).map((definition) => definition.key)).toEqual([
      'name',
      'notification_threshold',
    ]);
  });

  it('treat names that begin and end with two underscores as reserved', () => {
    expect(['__x__', '____', '__'].map(isReservedFieldName)).toEqual([true, true, true]);
    expect(['__x', 'x__', '_x_', 'name'].map(isReservedFieldName)).toEqual([false, false, false, false]);
  });
});
