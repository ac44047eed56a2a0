import { describe, expect, it } from 'vitest';
import { storableJson } from './ingest.ts';

describe('storableJson', () => {
  it('turns every escaped NUL into U+FFFD and leaves an escaped backslash before "u0000" alone', () => {
    const body = JSON.stringify({ name: 'Ada\u0000Lovelace', note: 'C:\\u0000', both: '\\\u0000' });
    const parsed = JSON.parse(storableJson(body)) as Record<string, string>;
    expect(parsed).toEqual({ name: 'Ada\uFFFDLovelace', note: 'C:\\u0000', both: '\\\uFFFD' });
  });

  it('returns a body without NUL unchanged', () => {
    const body = JSON.stringify({ name: 'Grace' });
    expect(storableJson(body)).toBe(body);
  });

  it('turns a lone surrogate escape into U+FFFD and keeps a pair, which jsonb holds', () => {
    const body = '{"high":"a\\ud800b","low":"\\udc00","pair":"\\ud83d\\ude00","kept":"\\\\ud800"}';
    const parsed = JSON.parse(storableJson(body)) as Record<string, string>;
    expect(parsed).toEqual({ high: 'a\uFFFDb', low: '\uFFFD', pair: '\u{1F600}', kept: '\\ud800' });
  });
});
