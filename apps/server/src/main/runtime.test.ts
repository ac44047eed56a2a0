import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The one supported Node.js (decision 029): declared in .nvmrc, installed as the `node` package. */
const root = new URL('../../../../', import.meta.url);
const declared = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('the supported runtime', () => {
  it('is the same version in .nvmrc, the installed node package and engines', () => {
    expect(manifest.devDependencies.node).toBe(declared);
    const [major, minor] = declared.split('.').map(Number);
    expect(manifest.engines.node).toBe('>=24.11.0');
    expect(major).toBe(24);
    expect(minor).toBeGreaterThanOrEqual(11);
  });

  it.runIf(process.env.npm_lifecycle_event)('runs the tests on it when started by an npm script', () => {
    expect(process.version).toBe(`v${declared}`);
  });
});
