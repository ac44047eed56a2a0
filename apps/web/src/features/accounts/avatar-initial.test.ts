import { describe, expect, it } from 'vitest';
import { initialOf } from './avatar-initial.ts';

describe('initialOf', () => {
  it('takes the first letter of the display name, upper-cased', () => {
    expect(initialOf('  ada lovelace')).toBe('A');
    expect(initialOf('张伟')).toBe('张');
  });

  it('falls back to the e-mail when there is no name', () => {
    expect(initialOf('', 'zoe@example.com')).toBe('Z');
    expect(initialOf('', '')).toBe('');
  });
});
