import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts OAuth tokens and provider secrets at rest with AES-256-GCM (decision 015). Keys are
 * derived from `SECRET` (then each of `SECRET_PREVIOUS`) with HKDF, so the raw secret never serves
 * two purposes. A sealed value is `v2.<key id>.<iv>.<tag>.<data>` (base64url) and is bound to where
 * it is stored — `<table>.<column>:<row id>` as associated data — so a value copied into another
 * row or column does not open. `open` tries the keys in order and reports `stale` when the value
 * should be sealed again (an older key, or the v1 format without key id and binding).
 */
export type Opened = { value: string; stale: boolean };
export type SecretBox = {
  seal: (plaintext: string, boundTo: string) => string;
  open: (sealed: string, boundTo: string) => Opened;
};

/** Where a sealed value lives: its associated data. */
export const sealedAt = (table: string, column: string, rowId: string): string =>
  `${table}.${column}:${rowId}`;

type Key = { id: string; bytes: Buffer };

const keyOf = (secret: string): Key => {
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'billbridge', 'secret-box v1', 32));
  // A fingerprint of the derived key: names it without revealing anything about it.
  const id = createHash('sha256').update(bytes).digest('base64url').slice(0, 8);
  return { id, bytes };
};

const decrypt = (key: Key, [iv, tag, data]: string[], boundTo: string | null): string => {
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv ?? '', 'base64url'));
  if (boundTo !== null) decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data ?? '', 'base64url')), decipher.final()]).toString(
    'utf8',
  );
};

/** `secrets`: the current SECRET first, then the previous ones still accepted for reading. */
export const createSecretBox = (secrets: readonly string[]): SecretBox => {
  const keys = secrets.map(keyOf);
  const [current] = keys;
  if (!current) throw new Error('The secret box needs at least one secret');
  return {
    seal: (plaintext, boundTo) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        'v2',
        current.id,
        ...[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')),
      ].join('.');
    },
    open: (sealed, boundTo) => {
      const [version, ...parts] = sealed.split('.');
      if (version === 'v2' && parts.length === 4) {
        const [keyId, ...rest] = parts;
        const key = keys.find((candidate) => candidate.id === keyId);
        if (!key) throw new Error('Sealed with a key that is neither SECRET nor in SECRET_PREVIOUS');
        return { value: decrypt(key, rest, boundTo), stale: key !== current };
      }
      if (version === 'v1' && parts.length === 3) {
        // Before key ids and bindings: any of the keys may have sealed it.
        for (const key of keys) {
          try {
            return { value: decrypt(key, parts, null), stale: true };
          } catch {
            // try the next key
          }
        }
        throw new Error('Sealed with a key that is neither SECRET nor in SECRET_PREVIOUS');
      }
      throw new Error('Not a sealed value');
    },
  };
};
