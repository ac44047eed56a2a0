import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * Short passwords every top-N list starts with. `popular-passwords` (zxcvbn's frequency list, MIT)
 * only holds passwords of 8 characters or more; these cover a policy lowered to the spec's 6.
 */
const shortCommonPasswords = [
  '123456',
  '1234567',
  '654321',
  '123123',
  '123321',
  '111111',
  '000000',
  '121212',
  '112233',
  '666666',
  '777777',
  '7777777',
  '888888',
  '123abc',
  'abc123',
  'qwerty',
  'qwerty1',
  'qwe123',
  '1q2w3e',
  'a12345',
  'asdfgh',
  'zxcvbn',
  'azerty',
  'dragon',
  'monkey',
  'letmein',
  'shadow',
  'master',
  'michael',
  'sunshine',
  'princess',
  'iloveu',
  'secret',
  'passw0',
  'passwd',
  'pass12',
  'batman',
  'freedom',
  'whatever',
  'trustno1',
  'football',
  'baseball',
  'welcome',
  'hello1',
];

const listSchema = z.array(z.string());

let cached: ReadonlySet<string> | undefined;

/** Loaded on first use (≈40,000 entries, 600 KB of JSON), then kept for the process. */
const commonPasswords = (): ReadonlySet<string> => {
  if (!cached) {
    const require = createRequire(import.meta.url);
    const list = listSchema.parse(require('popular-passwords'));
    cached = new Set([...list, ...shortCommonPasswords]);
  }
  return cached;
};

/** The lists are lower case: `Password1` is as guessable as `password1`. */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());
