import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { staleAfterSeconds } from './e2e/support/stale-sign-in.ts';

/**
 * Browser tests (STYLE §9 `e2e/*.spec.ts`) in Debian's Chromium against the built app (`npm run
 * test:e2e` builds first), served by the real server on a fresh embedded database that
 * `e2e/support/web-server.ts` creates and removes. E2E_PORT and CHROMIUM_PATH override the defaults.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// Specs with a server of their own: the old sign-in (e2e/support/stale-sign-in.ts), and those that
// move the sandbox's Stripe clock on (renewals a month; the revenue journey past a trial's end and
// the renewal after it) — every object made after it would carry a date outside the other tests'
// billing periods and after a reconciliation's listing cut-off. They share one clock, so they run
// one at a time.
const stalePort = port + 2;
const reAuthenticationSpec = /re-authentication\.spec\.ts/;
const clockPort = port + 4;
const stripeClockSpec = /(billing\/renewals|connections\/revenue-journey)\.spec\.ts/;

const webServer = (appPort: number, oidcPort: number, authFreshAge: number) => ({
  command: 'node --import tsx e2e/support/web-server.ts',
  url: `http://localhost:${appPort}/readyz`,
  reuseExistingServer: false,
  // The three servers start at once: on a loaded 2-core machine one alone took 38 s to be ready.
  timeout: 120_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(appPort),
    APP_URL: `http://localhost:${appPort}`,
    E2E_OIDC_PORT: String(oidcPort),
    AUTH_FRESH_AGE: String(authFreshAge),
    LOG_LEVEL: 'warn',
  },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker per core: each test drives a Chromium and the one server, so more would only queue.
  workers: Math.max(1, os.availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  // The long flows (sign up, verify through the mailbox, act, wait out the spec's redirect delays)
  // take up to 25 s on a 2-core machine with both workers busy: 30 s left no headroom.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    // An action or navigation that waits longer fails naming itself, not as the test's timeout.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // Recording a trace streams a screencast from every page, and the software-rendering GPU process
    // then takes most of the CPU: the accounts and workspaces specs ran 6.2 min with two timeouts
    // traced, 3.5 min and green untraced. A failure's retry records one.
    trace: 'on-first-retry',
    locale: 'en-US',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: [reAuthenticationSpec, stripeClockSpec] },
    {
      name: 'stale-sign-in',
      testMatch: reAuthenticationSpec,
      use: { baseURL: `http://localhost:${stalePort}` },
    },
    {
      name: 'stripe-clock',
      testMatch: stripeClockSpec,
      workers: 1,
      use: { baseURL: `http://localhost:${clockPort}` },
    },
  ],
  webServer: [
    webServer(port, Number(process.env.E2E_OIDC_PORT ?? port + 1), 600),
    webServer(stalePort, stalePort + 1, staleAfterSeconds),
    webServer(clockPort, clockPort + 1, 600),
  ],
});
