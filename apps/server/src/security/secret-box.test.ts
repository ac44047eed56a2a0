import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const box = createSecretBox('a-secret-of-at-least-thirty-two-characters');

describe('the secret box', () => {
  it('opens what it sealed', () => {
    expect(box.open(box.seal('sk_live_token'))).toBe('sk_live_token');
  });

  it('never shows the plaintext and differs at every seal', () => {
    const first = box.seal('pat-na1-abcdef');
    expect(first).not.toContain('pat-na1-abcdef');
    expect(box.seal('pat-na1-abcdef')).not.toBe(first);
  });

  it('refuses a tampered value', () => {
    const sealed = box.seal('token');
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('refuses a value sealed with another secret', () => {
    const other = createSecretBox('another-secret-of-at-least-thirty-two-chars');
    expect(() => box.open(other.seal('token'))).toThrow();
  });
});
