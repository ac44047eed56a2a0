import { describe, expect, it } from 'vitest';
import { deferStylesheets } from './deferred-styles.ts';

describe('deferStylesheets', () => {
  it("turns the build's stylesheet link into a preload the entry applies, keeping its CORS mode", () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-a1.css"></head>';
    expect(deferStylesheets(html)).toBe(
      '<head><link rel="preload" as="style" crossorigin href="/assets/index-a1.css" data-app-styles></head>',
    );
  });

  it('leaves every other link as it is', () => {
    const html =
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><link rel="modulepreload" crossorigin href="/assets/a.js">';
    expect(deferStylesheets(html)).toBe(html);
  });
});
