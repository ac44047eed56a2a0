import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Two processes on one PGlite folder lose data silently (ARCHITECTURE §11), so the embedded mode
 * holds `DATA_DIR/.lock` with its pid. A lock whose process is gone (kill -9) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Billbridge process (pid ${pid}). ` +
        'Stop it first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The data folder holds the database, the generated SECRET and the sandbox's state: this user's
 * alone. Created 0700, and an existing one tightened at start (PGlite makes its files 0666).
 */
export const prepareDataDir = (dataDir: string): void => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
};

export const lockDataDir = (dataDir: string): (() => void) => {
  prepareDataDir(dataDir);
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      unlinkSync(file);
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
};
