import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { definePrepared } from './prepared.ts';

/** Values reach the prepared statement as they are, whatever they contain (PGlite gets literals). */
describe('prepared statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const echo = definePrepared<{
    text: string;
    number: string;
    flag: boolean;
    nothing: string | null;
    json: unknown;
  }>(
    'test_echo',
    'select $1::text as text, $2::bigint::text as number, $3::boolean as flag, $4::text as nothing, $5::jsonb as json',
  );

  it('passes quotes, backslashes, dollar quotes and unicode through unchanged, every time', async () => {
    const tricky = `it's a \\'trap\\' $$; drop table stripe_event; -- 你好 \u2028 "quoted"`;
    for (let run = 0; run < 3; run++) {
      const [row] = await echo(t.context.database, [
        tricky,
        1_700_000_000 + run,
        run % 2 === 0,
        null,
        JSON.stringify({ tricky }),
      ]);
      expect(row).toEqual({
        text: tricky,
        number: String(1_700_000_000 + run),
        flag: run % 2 === 0,
        nothing: null,
        json: { tricky },
      });
    }
  });

  const arrays = definePrepared<{ texts: (string | null)[]; numbers: string[]; flags: boolean[] }>(
    'test_echo_arrays',
    'select $1::text[] as texts, $2::bigint[]::text[] as numbers, $3::boolean[] as flags',
  );

  it('passes arrays through element by element, quotes, braces, commas and NULLs included', async () => {
    const tricky = [`it's`, 'a "quoted", {braced} \\ value', null, 'NULL', '', '你好'];
    const [row] = await arrays(t.context.database, [tricky, [1, -2, 1_700_000_000], [true, false]]);
    expect(row).toEqual({ texts: tricky, numbers: ['1', '-2', '1700000000'], flags: [true, false] });
  });

  it('refuses a number that is not one, rather than writing it into SQL', async () => {
    await expect(echo(t.context.database, ['x', Number.NaN, true, null, '{}'])).rejects.toThrow();
  });
});
