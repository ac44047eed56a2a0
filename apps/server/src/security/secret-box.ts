import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts OAuth tokens and provider secrets at rest with AES-256-GCM. The key is derived from
 * `SECRET` with HKDF, so the raw secret never serves two purposes. Ciphertexts are
 * `v1.<iv>.<tag>.<data>` (base64url), self-describing so the key can be rotated later.
 */
export type SecretBox = {
  seal: (plaintext: string) => string;
  open: (sealed: string) => string;
};

export const createSecretBox = (secret: string): SecretBox => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'billbridge', 'secret-box v1', 32));
  return {
    seal: (plaintext) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
};
