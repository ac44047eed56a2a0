import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testSecret } from '../testing/test-app.ts';

/**
 * A worker needs a session (LISTEN, the drains' advisory locks): told its DATABASE_URL is a
 * transaction-mode pooler, `npm run worker` stops before it connects, saying why (decision 060).
 */
describe('a worker behind a transaction-mode pooler', () => {
  it('refuses to start, naming the variable and what a worker needs', () => {
    const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', worker], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Nothing listens there: the refusal must come before any connection.
        DATABASE_URL: 'postgres://billbridge@127.0.0.1:9/billbridge',
        DATABASE_POOLER: 'transaction',
        SECRET: testSecret,
        SANDBOX: 'false',
        SMTP_URL: 'smtp://127.0.0.1:9',
        SOCIAL_PROVIDERS: 'none',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DATABASE_POOLER: transaction is for web processes only');
    expect(run.stderr).toContain('a direct connection or a session-mode pool');
  }, 60_000);
});
