import { describe, expect, it } from 'vitest';
import { permissionDefinitions, planList, settingDefinitions } from '@billbridge/contract';
import { en } from './en.ts';
import { zh } from './zh.ts';

type Tree = { [key: string]: string | Tree };

const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

const configuredKeys = [
  ...planList.flatMap((plan) => [plan.titleKey, ...plan.descriptionKeys, ...plan.featureKeys]),
  ...Object.values(permissionDefinitions).map((definition) => definition.labelKey),
  ...settingDefinitions.flatMap((definition) => [definition.labelKey, definition.placeholderKey]),
];

describe('keys named by configuration', () => {
  it.each(configuredKeys)('%s has a text in English and Chinese', (key) => {
    expect(typeof lookup(en, key)).toBe('string');
    expect(typeof lookup(zh, key)).toBe('string');
  });

  it('label the admin permission "Administrator"', () => {
    expect(en.permissions.admin).toBe('Administrator');
  });
});
