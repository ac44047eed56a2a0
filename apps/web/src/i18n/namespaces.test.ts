import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { namespaces } from './namespaces.ts';

const english = import.meta.glob<Record<string, unknown>>('./en/*.ts', { import: 'default', eager: true });
const chinese = import.meta.glob<Record<string, unknown>>('./zh/*.ts', { import: 'default', eager: true });

describe('translation namespaces', () => {
  it('have one file per language each, and no file outside the list', () => {
    expect(Object.keys(english).sort()).toEqual(namespaces.map((name) => `./en/${name}.ts`).sort());
    expect(Object.keys(chinese).sort()).toEqual(namespaces.map((name) => `./zh/${name}.ts`).sort());
  });

  it('hold every group of texts once, the same groups in both languages', () => {
    const held = namespaces.flatMap((name) => Object.keys(english[`./en/${name}.ts`] ?? {}));
    expect(held.sort()).toEqual(Object.keys(en).sort());
    for (const name of namespaces)
      expect([name, Object.keys(chinese[`./zh/${name}.ts`] ?? {}).sort()]).toEqual([
        name,
        Object.keys(english[`./en/${name}.ts`] ?? {}).sort(),
      ]);
  });
});
