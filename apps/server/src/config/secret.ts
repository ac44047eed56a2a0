import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './env.ts';

/**
 * `SECRET` signs sessions and encrypts tokens at rest. In embedded mode it is generated on the first
 * start and kept in `DATA_DIR/secret`, so sessions and encrypted data survive a restart.
 */
export const resolveSecret = async (config: Config): Promise<string> => {
  if (config.secret) return config.secret;
  const file = path.join(config.dataDir, 'secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
};
