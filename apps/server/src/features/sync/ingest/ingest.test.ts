import { describe, expect, it } from 'vitest';
import { withoutNul } from './ingest.ts';

describe('withoutNul', () => {
  it('turns every escaped NUL into U+FFFD and leaves an escaped backslash before "u0000" alone', () => {
    const body = JSON.stringify({ name: 'Ada\u0000Lovelace', note: 'C:\\u0000', both: '\\\u0000' });
    const parsed = JSON.parse(withoutNul(body)) as Record<string, string>;
    expect(parsed).toEqual({ name: 'Ada\uFFFDLovelace', note: 'C:\\u0000', both: '\\\uFFFD' });
  });

  it('returns a body without NUL unchanged', () => {
    const body = JSON.stringify({ name: 'Grace' });
    expect(withoutNul(body)).toBe(body);
  });
});
