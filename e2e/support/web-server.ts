/**
 * The server the browser tests run against: the real `start` entry (HTTP + worker), compiled as
 * `npm start` runs it (`npm run test:e2e` builds what changed first; three of these start at once,
 * and compiling the server's sources at each start cost each of them seconds of CPU), on a fresh,
 * temporary data folder that is removed once the server has stopped. Beside it runs a local
 * OpenID Connect provider standing in for Google: GOOGLE_ISSUER points the app at it, so "Continue
 * with Google" makes the same discovery, redirect and token round trip as in production.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOidcProvider } from '../../apps/server/src/testing/oidc-provider.ts';

const appUrl = process.env.APP_URL ?? 'http://localhost:3210';
const oidc = await startOidcProvider({
  port: Number(process.env.E2E_OIDC_PORT ?? 3211),
  redirectUris: [`${appUrl}/api/auth/callback/google`],
});

const entry = 'apps/server/dist/main/start.js';
if (!existsSync(entry))
  throw new Error(`${entry} is missing: run \`npm run build\` (npm run test:e2e does).`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'billbridge-e2e-'));
const server = spawn(process.execPath, ['--enable-source-maps', entry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    GOOGLE_ISSUER: oidc.issuer,
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  void oidc.close().finally(() => process.exit(code ?? (signal ? 0 : 1)));
});
