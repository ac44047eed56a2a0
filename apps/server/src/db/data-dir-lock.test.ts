import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'bb-lock-'));

describe('lockDataDir', () => {
  it('refuses a folder held by another live process', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Billbridge process/);
  });

  it('takes over the lock of a process that died', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(path.join(dir, '.lock'), String(dead));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('removes the lock file on release', () => {
    const dir = tempDir();
    lockDataDir(dir)();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('creates a new data folder that only this user can enter', () => {
    const dir = path.join(tempDir(), 'fresh', 'data');
    lockDataDir(dir)();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('tightens an existing folder that others could read', () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    lockDataDir(dir)();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
