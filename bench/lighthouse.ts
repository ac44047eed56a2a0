/**
 * `npm run bench:lighthouse`: what a person on a phone gets, as Google's Lighthouse measures it.
 *
 * Builds the app (BENCH_SKIP_BUILD=1 keeps the existing build), starts it as `npm start` does — the
 * compiled server on its embedded default, in a fresh data folder — and drives Debian's Chromium:
 * audits `/signin` signed out, then signs a verified user up the way a person does (the mailbox's
 * link), creates a workspace with a connected Stripe source and HubSpot destination, lets a few
 * customers sync, and audits the workspace dashboard, the destination's page (the mapping editor),
 * the activity log and the billing page. Lighthouse runs with its mobile defaults: a phone's screen,
 * simulated slow 4G and a 4× slower CPU.
 *
 * One JSON line per page:
 * `{"route","performance","accessibility","bestPractices","lcpMs","tbtMs","cls","transferKb"}`;
 * `transferKb` is every byte the page downloaded, as Lighthouse counts it. BENCH_PORT moves the app
 * (default 3900; the OpenID stand-in is not started, so "Continue with Google" is not offered);
 * BENCH_REPORT_DIR keeps each page's whole Lighthouse report there; BENCH_VERBOSE=1 prints the audits
 * that did not pass.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { newUser, signUp, verifyEmail } from '../e2e/support/accounts.ts';
import { customersSignUp, sandboxState } from '../e2e/support/billing.ts';
import { setUpSync } from '../e2e/support/connections.ts';
import { createWorkspace } from '../e2e/support/workspaces.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3900);
const debuggingPort = port + 1;
const appUrl = `http://localhost:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'billbridge-lighthouse-'));
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'billbridge-lighthouse-profile-'));
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main/start.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), APP_URL: appUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
const stopServer = () =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

const untilReady = async () => {
  for (let tries = 0; tries < 240; tries += 1) {
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode}`);
    const ready = await fetch(`${appUrl}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer ${appUrl}/readyz within a minute`);
};

type Category = { score: number | null } | undefined;
const score = (category: Category) => Math.round((category?.score ?? 0) * 100);

/**
 * One Lighthouse audit, mobile defaults, in the browser's own profile: its cookies (the session) are
 * kept, its HTTP cache emptied first, so every page is measured as a first visit.
 */
const audit = async (context: BrowserContext, route: string, url: string) => {
  const page = context.pages()[0] ?? (await context.newPage());
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  await devtools.detach();
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const line = {
    route,
    performance: score(categories.performance),
    accessibility: score(categories.accessibility),
    bestPractices: score(categories['best-practices']),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    transferKb: Math.round(numeric('total-byte-weight') / 102.4) / 10,
  };
  console.log(JSON.stringify(line));
  if (process.env.BENCH_REPORT_DIR) {
    const file = `${route.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`;
    writeFileSync(path.join(process.env.BENCH_REPORT_DIR, file), JSON.stringify(result.lhr));
  }
  if (process.env.BENCH_VERBOSE === '1') {
    for (const [id, found] of Object.entries(audits)) {
      if (found.score !== null && found.score < 1 && found.scoreDisplayMode !== 'informative') {
        console.error(`  ${route} ${id}: ${found.score} ${found.displayValue ?? ''}`);
      }
    }
  }
};

/** A workspace that syncs: a verified owner, a source and a destination, customers in HubSpot. */
const workspaceWithSyncedEvents = async (page: Page) => {
  const owner = await signUp(page, newUser('lighthouse'));
  await verifyEmail(page, owner);
  const id = await createWorkspace(page, 'Lighthouse Shop');
  const business = `Lighthouse Business ${Date.now()}`;
  const destinationPage = await setUpSync(page, id, {
    business,
    portalName: 'Lighthouse Portal',
    status: 'active',
    stage: 'Appointment Scheduled',
  });
  const account = (await sandboxState(page)).stripe.accounts.find((found) => found.connectedTo);
  if (!account) throw new Error('no connected Stripe account in the sandbox');
  await customersSignUp(page, account.id, 5, 'lighthouse-customer');
  await page.goto(`/subscription/${id}/activity`);
  const synced = page
    .getByRole('table', { name: 'Activity log' })
    .getByRole('row', { name: /^evt_/ })
    .filter({ hasText: 'customer.created' })
    .filter({ hasText: 'Success' });
  await expect(synced).toHaveCount(5, { timeout: 30_000 });
  return { id, destinationPage };
};

try {
  await untilReady();
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    baseURL: appUrl,
    args: [`--remote-debugging-port=${debuggingPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    await audit(context, '/signin', `${appUrl}/signin`);
    const page = context.pages()[0] ?? (await context.newPage());
    const { id, destinationPage } = await workspaceWithSyncedEvents(page);
    await audit(context, '/subscription/:id', `${appUrl}/subscription/${id}`);
    await audit(context, '/subscription/:id/destinations/:destinationId', destinationPage);
    await audit(context, '/subscription/:id/activity', `${appUrl}/subscription/${id}/activity`);
    await audit(context, '/subscription/:id/billing', `${appUrl}/subscription/${id}/billing`);
  } finally {
    await context.close();
  }
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
