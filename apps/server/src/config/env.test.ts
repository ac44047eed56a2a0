import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const strongSecret = 'Yw4Rk8Tq2Lm6Zp0Xs3Vn7Bc1Hf5Jd9Ga2Ue4Ki8Mo6Pq';

describe('loadConfig', () => {
  it('starts the embedded default with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './.data',
      databaseUrl: undefined,
      secret: undefined,
    });
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('names every bad variable in one message', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_URL: 'not a url' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems.map((problem) => problem.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'APP_URL']);
    }
  });

  it('requires SECRET when the data lives in PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/db' })).toThrow(/SECRET/);
  });

  describe('DATABASE_POOLER', () => {
    const onPostgres = {
      DATABASE_URL: 'postgres://pooler.internal:6432/db',
      SECRET: strongSecret,
      SANDBOX: 'false',
      SMTP_URL: 'smtp://mail.internal',
      SOCIAL_PROVIDERS: 'none',
    };

    it('defaults to none and takes transaction for a web process behind a transaction-mode pooler', () => {
      expect(loadConfig(onPostgres).databasePooler).toBe('none');
      expect(loadConfig({ ...onPostgres, DATABASE_POOLER: 'transaction' }).databasePooler).toBe(
        'transaction',
      );
    });

    it.each([
      [{ DATABASE_POOLER: 'statement' }, /DATABASE_POOLER: Invalid option/],
      [
        { DATABASE_POOLER: 'transaction', WORKER: 'true' },
        /DATABASE_POOLER: transaction is for web processes only/,
      ],
      [{ DATABASE_POOLER: 'transaction', DATABASE_URL: '' }, /DATABASE_POOLER: needs DATABASE_URL/],
    ])('refuses %o, naming the variable', (overrides, message) => {
      expect(() => loadConfig({ ...onPostgres, ...overrides })).toThrow(message);
    });
  });

  it('refuses a short SECRET', () => {
    expect(() => loadConfig({ SECRET: 'short' })).toThrow(/SECRET: must be at least 32 characters/);
  });

  it.each([
    ['the example value', 'change-me-to-at-least-32-random-characters', /is the example value/],
    ['one character repeated', 'a'.repeat(48), /short pattern repeated/],
    ['a short unit repeated', 'abc123'.repeat(8), /short pattern repeated/],
    [
      'a unit repeated with a tail',
      'test-secret-test-secret-test-secret-0123456789',
      /short pattern repeated/,
    ],
    ['words', 'correcthorsebatterystaplecorrecthorse', /too little randomness/],
    ['a phrase a person chose', 'billbridge-production-secret-2026', /made of words a person chose/],
    ['a camel-case phrase', 'MyCompanySecretKeyForBillbridge2026!', /made of words a person chose/],
    [
      'compose.yaml’s old default',
      '0d9c1e7a5b3f48e2a6c4b8d1f0e3a7c5b9d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0',
      /example value/,
    ],
  ])('refuses a SECRET that is %s, saying how to make one', (_, secret, reason) => {
    expect(() => loadConfig({ SECRET: secret })).toThrow(reason);
    expect(() => loadConfig({ SECRET: secret })).toThrow(/openssl rand -base64 48/);
  });

  it('accepts random secrets and reads SECRET_PREVIOUS as a list, newest first', () => {
    expect(loadConfig({ SECRET: strongSecret }).secret).toBe(strongSecret);
    expect(loadConfig({ SECRET: 'f3a91c07d2b84e6a95c1d0e7b3f26a48' }).secret).toBeDefined();
    const [older, oldest] = ['Pv7Lq2Wm9Xr4Tz1Ns6Kb3Hd8Jf5Gc0Ya', 'f3a91c07d2b84e6a95c1d0e7b3f26a48'];
    const config = loadConfig({ SECRET: strongSecret, SECRET_PREVIOUS: `${older}, ${oldest} ` });
    expect(config.previousSecrets).toEqual([older, oldest]);
    expect(loadConfig({}).previousSecrets).toEqual([]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('drops a trailing slash from APP_URL', () => {
    expect(
      loadConfig({ APP_URL: 'https://billbridge.example.com/', UNSAFE_ALLOW_SANDBOX: 'true' }).appUrl,
    ).toBe('https://billbridge.example.com');
  });

  it('sends e-mail to the dev mailbox from a local address when SMTP is not configured', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Billbridge <no-reply@localhost>');
  });

  it('accepts smtp:// and smtps:// URLs and a custom sender', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      MAIL_FROM: 'Ops <ops@example.com>',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://mailer:pw@smtp.example.com:465',
      mailFrom: 'Ops <ops@example.com>',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('refuses another scheme for SMTP_URL without echoing its password', () => {
    const load = () =>
      loadConfig({ SMTP_URL: 'https://mailer:hunter2@smtp.example.com', MAIL_FROM: 'nobody' });
    expect(load).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(load).toThrow(/MAIL_FROM: must be an address/);
    expect(load).not.toThrow(/hunter2/);
  });
});

describe('loadConfig: accounts and sandbox', () => {
  it('runs the sandbox exactly when DATABASE_URL is absent, unless SANDBOX says otherwise', () => {
    expect(loadConfig({}).sandbox).toBe(true);
    const production = {
      DATABASE_URL: 'postgres://db/app',
      SECRET: strongSecret,
      SMTP_URL: 'smtp://mail:25',
      SOCIAL_PROVIDERS: 'none',
    };
    expect(loadConfig(production).sandbox).toBe(false);
    expect(loadConfig({ ...production, SANDBOX: 'true', UNSAFE_ALLOW_SANDBOX: 'true' }).sandbox).toBe(true);
    expect(
      loadConfig({ SANDBOX: 'false', SMTP_URL: 'smtp://mail:25', SOCIAL_PROVIDERS: 'none' }).sandbox,
    ).toBe(false);
  });

  it('listens on loopback in the sandbox and on every interface outside it, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ SANDBOX: 'false', SMTP_URL: 'smtp://mail:25', SOCIAL_PROVIDERS: 'none' }).host).toBe(
      '0.0.0.0',
    );
  });

  it.each([
    ['NODE_ENV', { NODE_ENV: 'production' }],
    ['APP_URL', { APP_URL: 'https://billbridge.example.com' }],
    ['APP_URL', { APP_URL: 'http://192.168.1.20:3000' }],
    ['APP_URL', { APP_URL: 'https://localhost:3000' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://db/app', SECRET: strongSecret, SANDBOX: 'true' }],
  ])(
    'refuses the sandbox when %s looks like a deployment, unless UNSAFE_ALLOW_SANDBOX is set',
    (name, env) => {
      expect(() => loadConfig(env)).toThrow(
        new RegExp(`${name}: .*the sandbox .* UNSAFE_ALLOW_SANDBOX=true`),
      );
      expect(loadConfig({ ...env, UNSAFE_ALLOW_SANDBOX: 'true' }).sandbox).toBe(true);
    },
  );

  it('keeps the sandbox on a local APP_URL', () => {
    for (const appUrl of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(loadConfig({ APP_URL: appUrl }).sandbox).toBe(true);
    }
  });

  it('needs SMTP outside the sandbox', () => {
    expect(() => loadConfig({ SANDBOX: 'false', SOCIAL_PROVIDERS: 'none' })).toThrow(
      /SMTP_URL: required when SANDBOX is off/,
    );
  });

  it('ships a password policy of 8 characters that rejects common passwords, and rate limits on', () => {
    const config = loadConfig({});
    expect(config.passwordPolicy).toEqual({ minLength: 8, maxLength: 128, require: [], rejectCommon: true });
    expect(config.authRateLimit).toBe(true);
    expect(config.authFreshAge).toBe(600);
    expect(config.trustProxy).toBe('loopback');
  });

  it('reads a stricter or looser policy but never below the spec minimum of 6', () => {
    const config = loadConfig({
      PASSWORD_MIN_LENGTH: '10',
      PASSWORD_REQUIRE: 'Uppercase, symbol',
      PASSWORD_REJECT_COMMON: 'false',
    });
    expect(config.passwordPolicy).toMatchObject({
      minLength: 10,
      require: ['uppercase', 'symbol'],
      rejectCommon: false,
    });
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '5' })).toThrow(/PASSWORD_MIN_LENGTH/);
    expect(() => loadConfig({ PASSWORD_REQUIRE: 'emoji' })).toThrow(/PASSWORD_REQUIRE/);
  });

  it('enables Google by default once its credentials are set', () => {
    expect(loadConfig({}).socialProviders).toEqual([]);
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.socialProviders).toEqual([{ id: 'google', clientId: 'id', clientSecret: 'secret' }]);
    expect(config.googleIssuer).toBe('https://accounts.google.com');
  });

  it('enables exactly the listed providers that have credentials', () => {
    const config = loadConfig({
      SOCIAL_PROVIDERS: 'github,microsoft',
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GOOGLE_CLIENT_ID: 'unused',
      GOOGLE_CLIENT_SECRET: 'unused',
    });
    expect(config.socialProviders.map((provider) => provider.id)).toEqual(['github']);
    expect(
      loadConfig({ SOCIAL_PROVIDERS: 'none', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' })
        .socialProviders,
    ).toEqual([]);
    expect(() => loadConfig({ SOCIAL_PROVIDERS: 'google,myspace' })).toThrow(/SOCIAL_PROVIDERS/);
  });

  it('stops outside the sandbox when a listed provider has no credentials', () => {
    expect(() => loadConfig({ SANDBOX: 'false', SMTP_URL: 'smtp://mail:25' })).toThrow(/GOOGLE_CLIENT_ID/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
  });

  it('leaves Stripe and HubSpot to the sandbox until all of their credentials are set', () => {
    expect(loadConfig({})).toMatchObject({ stripe: undefined, hubspot: undefined });
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_CLIENT_ID: 'ca_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      HUBSPOT_CLIENT_ID: 'client',
      HUBSPOT_CLIENT_SECRET: 'secret',
    });
    expect(config.stripe).toMatchObject({ apiUrl: 'https://api.stripe.com', clientId: 'ca_123' });
    expect(config.hubspot).toMatchObject({ apiUrl: 'https://api.hubapi.com', clientId: 'client' });
  });

  it('names the missing half of a provider configuration', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_CLIENT_ID: required together with STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ HUBSPOT_CLIENT_SECRET: 'x' })).toThrow(/HUBSPOT_CLIENT_ID/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY: must be/);
  });

  it('gives SECRET_PREVIOUS and METRICS_TOKEN the same check as SECRET', () => {
    const previous = (value: string) => () => loadConfig({ SECRET: strongSecret, SECRET_PREVIOUS: value });
    expect(previous('old-weak-secret')).toThrow(/SECRET_PREVIOUS.*at least 32 characters/);
    expect(previous(`${strongSecret},billbridge-production-secret-2026`)).toThrow(/SECRET_PREVIOUS.*words/);
    expect(() => loadConfig({ METRICS_TOKEN: 'demo-metrics-token-change-me' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a'.repeat(40) })).toThrow(/METRICS_TOKEN.*repeated/);
    expect(loadConfig({ METRICS_TOKEN: strongSecret }).metricsToken).toBe(strongSecret);
  });

  it('refuses the webhook secrets compose.yaml once shipped, and one secret for both endpoints', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_CLIENT_ID: 'ca_1' };
    for (const published of ['whsec_compose_demo_secret', 'whsec_compose_billing_secret']) {
      expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: published })).toThrow(
        /STRIPE_WEBHOOK_SECRET: is an example value/,
      );
      expect(() =>
        loadConfig({
          ...stripe,
          STRIPE_WEBHOOK_SECRET: 'whsec_a1',
          STRIPE_BILLING_WEBHOOK_SECRET: published,
        }),
      ).toThrow(/STRIPE_BILLING_WEBHOOK_SECRET: is an example value/);
    }
    expect(() =>
      loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_a1', STRIPE_BILLING_WEBHOOK_SECRET: 'whsec_a1' }),
    ).toThrow(/STRIPE_BILLING_WEBHOOK_SECRET: must differ from STRIPE_WEBHOOK_SECRET/);
    const config = loadConfig({
      ...stripe,
      STRIPE_WEBHOOK_SECRET: 'whsec_a1',
      STRIPE_BILLING_WEBHOOK_SECRET: 'whsec_b2',
    });
    expect(config.stripe?.billingWebhookSecret).toBe('whsec_b2');
  });
});
