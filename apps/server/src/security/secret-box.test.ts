import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const secretA = 'Qm9wLx7vT2kR9sZp4NcYw1HfJ6uE3aDg8LrK5tVb0XiM';
const secretB = 'Zt3Wq8Lm1Ys6Vr4Pk9Nd2Hx7Jc5Fb0Gu3Ae8Ki1Mo6Ro';
const box = createSecretBox([secretA]);
const row = 'destination.access_token_sealed:dst_1';

/** A value in the format before key ids and bindings (`v1.<iv>.<tag>.<data>`). */
const sealV1 = (secret: string, plaintext: string) => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'billbridge', 'secret-box v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

describe('the secret box', () => {
  it('opens what it sealed, for the same row and column', () => {
    expect(box.open(box.seal('sk_live_token', row), row)).toEqual({ value: 'sk_live_token', stale: false });
  });

  it('never shows the plaintext and differs at every seal', () => {
    const first = box.seal('pat-na1-abcdef', row);
    expect(first).not.toContain('pat-na1-abcdef');
    expect(box.seal('pat-na1-abcdef', row)).not.toBe(first);
  });

  it('refuses a tampered value', () => {
    const [version, keyId, iv, tag, data] = box.seal('token', row).split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([version, keyId, iv, tag, flipped.toString('base64url')].join('.'), row)).toThrow();
  });

  it('refuses a value moved to another row or another column', () => {
    const sealed = box.seal('token', row);
    expect(() => box.open(sealed, 'destination.access_token_sealed:dst_2')).toThrow();
    expect(() => box.open(sealed, 'destination.refresh_token_sealed:dst_1')).toThrow();
  });

  it('refuses a value sealed with a secret it does not know', () => {
    const other = createSecretBox([secretB]);
    expect(() => box.open(other.seal('token', row), row)).toThrow(/SECRET_PREVIOUS/);
  });

  it('opens a value sealed with a previous secret and asks for it to be sealed again', () => {
    const rotated = createSecretBox([secretB, secretA]);
    const opened = rotated.open(box.seal('token', row), row);
    expect(opened).toEqual({ value: 'token', stale: true });
    expect(rotated.open(rotated.seal(opened.value, row), row).stale).toBe(false);
  });

  it('still opens the format before key ids, with the current or a previous secret, as stale', () => {
    expect(box.open(sealV1(secretA, 'old-token'), row)).toEqual({ value: 'old-token', stale: true });
    expect(createSecretBox([secretB, secretA]).open(sealV1(secretA, 'old-token'), row).value).toBe(
      'old-token',
    );
  });
});
