import { describe, expect, it } from 'vitest';
import { settingDefinitions } from '@billbridge/contract';
import { initialSettingsValues, isMissing, settingsToSave } from './settings-values.ts';

const [name, threshold] = settingDefinitions;

describe('the settings form', () => {
  it('starts from the stored values and leaves missing or mistyped ones empty', () => {
    expect(initialSettingsValues(settingDefinitions, { name: 'Acme', notification_threshold: 500 })).toEqual({
      name: 'Acme',
      notification_threshold: 500,
    });
    expect(initialSettingsValues(settingDefinitions, { notification_threshold: 'many' })).toEqual({
      name: '',
      notification_threshold: '',
    });
  });

  it('requires the name but not the threshold', () => {
    expect(name && isMissing(name, '  ')).toBe(true);
    expect(name && isMissing(name, 'Acme')).toBe(false);
    expect(threshold && isMissing(threshold, '')).toBe(false);
  });

  it('saves trimmed text, numbers, and null for an emptied optional setting', () => {
    expect(settingsToSave(settingDefinitions, { name: '  Acme ', notification_threshold: 250 })).toEqual({
      name: 'Acme',
      notification_threshold: 250,
    });
    expect(settingsToSave(settingDefinitions, { name: 'Acme', notification_threshold: '' })).toEqual({
      name: 'Acme',
      notification_threshold: null,
    });
  });
});
