import { readFileSync } from 'node:fs';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';

/**
 * No Docker engine runs where the tests do (issue 18 §3), so the container files are checked with
 * what can run: the Dockerfile by the Docker language server's validator, compose.yaml for the
 * topology the operations guide promises.
 */
const repoFile = (name: string) => readFileSync(new URL(`../../../../${name}`, import.meta.url), 'utf8');

describe('Dockerfile', () => {
  const dockerfile = repoFile('Dockerfile');

  it('has no problem the Dockerfile validator reports', () => {
    expect(validate(dockerfile).map((problem) => problem.message)).toEqual([]);
  });

  it('runs as an unprivileged user, with a health check on /readyz and the compiled server', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
    expect(runtime).toMatch(/^CMD \[.*apps\/server\/dist\/main\/server\.js"\]$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });
});

describe('compose.yaml', () => {
  type Service = { command?: string[]; environment?: Record<string, string>; env_file?: unknown };
  const compose = parse(repoFile('compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const services = compose.services;
  const commandOf = (name: string) => (services[name]?.command ?? ['server.js']).join(' ');

  it('runs PostgreSQL, two web processes, two workers, an SMTP catcher and the stand-ins', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['mailpit', 'postgres', 'sandbox', 'web1', 'web2', 'worker1', 'worker2'].sort(),
    );
    expect(commandOf('web1')).toMatch(/server\.js/);
    expect(commandOf('worker1')).toMatch(/worker\.js/);
    expect(commandOf('worker2')).toMatch(/worker\.js/);
    expect(commandOf('sandbox')).toMatch(/sandbox\/dist\/main\.js/);
  });

  it('configures every process of ours by environment alone, on the one database', () => {
    for (const name of ['web1', 'web2', 'worker1', 'worker2', 'sandbox']) {
      expect(services[name]?.env_file, name).toBeUndefined();
      expect(services[name]?.environment, name).toBeDefined();
    }
    const urls = ['web1', 'web2', 'worker1', 'worker2'].map(
      (name) => services[name]?.environment?.DATABASE_URL,
    );
    expect(new Set(urls).size).toBe(1);
    expect(urls[0]).toMatch(/@postgres:5432\//);
  });

  it('offers paid plans: each web process loads a billing config whose secrets the stand-in signs with', () => {
    const pairsOf = (value: string | undefined) =>
      (value ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => pair.split(','));
    const sandbox = services.sandbox?.environment ?? {};
    for (const name of ['web1', 'web2']) {
      const stripe = loadConfig(services[name]?.environment ?? {}).stripe;
      expect(stripe?.publishableKey, name).toMatch(/^pk_test_/);
      expect(pairsOf(sandbox.SANDBOX_WEBHOOKS)).toContainEqual([
        `http://${name}:3000/webhooks/stripe-billing`,
        stripe?.billingWebhookSecret,
      ]);
      expect(pairsOf(sandbox.SANDBOX_CONNECT_WEBHOOKS)).toContainEqual([
        `http://${name}:3000/webhooks/stripe`,
        stripe?.webhookSecret,
      ]);
    }
  });
});
