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
  const composeText = repoFile('compose.yaml');
  /** What an operator's `.env` holds: random values, as the file's header asks. */
  const dotEnv: Record<string, string> = {
    SECRET: 'Yw4Rk8Tq2Lm6Zp0Xs3Vn7Bc1Hf5Jd9Ga2Ue4Ki8Mo6Pq',
    METRICS_TOKEN: 'Mt4Qx8Rz2Lw6Np0Ks3Vb7Hc1Jf5Gd9Ya',
    POSTGRES_PASSWORD: 'f3a91c07d2b84e6a95c1d0e7b3f26a48',
    STRIPE_WEBHOOK_SECRET: 'whsec_9c1e7a5b3f48e2a6c4b8d1f0e3a7c5b9',
    STRIPE_BILLING_WEBHOOK_SECRET: 'whsec_2e4f6a8c0b1d3e5f7a9c2b4d6e8f0d9c',
  };
  /** Compose's `${NAME}`, `${NAME:?message}` interpolation; a required variable left unset stops it. */
  const interpolated = (environment: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(environment).map(([key, value]) => [
        key,
        String(value).replace(/\$\{(\w+)(:\?[^}]*)?\}/g, (_, name: string) => {
          const found = dotEnv[name];
          if (found === undefined) throw new Error(`${name} is unset`);
          return found;
        }),
      ]),
    );
  const commandOf = (name: string) => (services[name]?.command ?? ['server.js']).join(' ');

  it('tags its image with the release in package.json', () => {
    const { version } = JSON.parse(repoFile('package.json')) as { version: string };
    const images = Object.values(compose.services as Record<string, { image?: string }>)
      .map((service) => service.image ?? '')
      .filter((image) => image.startsWith('billbridge'));
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([`billbridge:${version}`]));
  });

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
    const sandbox = interpolated(services.sandbox?.environment);
    for (const name of ['web1', 'web2']) {
      const stripe = loadConfig(interpolated(services[name]?.environment)).stripe;
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

  it('ships no secret: each is a required variable without a default, and the processes start with real ones', () => {
    for (const name of Object.keys(dotEnv)) {
      expect(composeText, name).toMatch(new RegExp(`\\$\\{${name}:\\?[^}]+\\}`));
      expect(composeText, name).not.toMatch(new RegExp(`\\$\\{${name}:?-`));
    }
    for (const name of ['web1', 'web2', 'worker1', 'worker2']) {
      const config = loadConfig({ ...interpolated(services[name]?.environment), NODE_ENV: 'production' });
      expect(config.secret, name).toBe(dotEnv.SECRET);
    }
  });

  it('publishes every port on 127.0.0.1 only', () => {
    const published = Object.entries(compose.services).flatMap(([name, service]) =>
      ((service as { ports?: string[] }).ports ?? []).map((port) => [name, port] as const),
    );
    expect(published.map(([name]) => name).sort()).toEqual(['mailpit', 'sandbox', 'sandbox', 'web1', 'web2']);
    for (const [name, port] of published) expect(port, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });
});
