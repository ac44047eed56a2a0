import { z } from 'zod';
import { passwordMinLength, socialProviderIds, type SocialProviderId } from '@billbridge/contract';
import { isKnownExample, secretHowTo, weakSecretReason } from './secret-strength.ts';

/**
 * The only module that reads `process.env` (STYLE §5). Everything is validated at start; a bad or
 * missing variable stops the start with a message naming every one of them.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Spec §5: what the identity server's password policy may add to the minimum length. */
export const passwordRequirements = ['lowercase', 'uppercase', 'numeric', 'symbol'] as const;
export type PasswordRequirement = (typeof passwordRequirements)[number];

/** A comma-separated list of known names; `none` is the empty list (an empty variable means unset). */
const commaList = <const T extends readonly [string, ...string[]]>(names: T) =>
  z
    .string()
    .transform((value) =>
      value.trim().toLowerCase() === 'none'
        ? []
        : value
            .split(',')
            .map((item) => item.trim().toLowerCase())
            .filter(Boolean),
    )
    .pipe(z.array(z.enum(names, { error: `must be a comma-separated list of ${names.join(', ')}, or none` })))
    .transform((items) => [...new Set(items)]);

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/$/, ''));

const socialProviderList = commaList(socialProviderIds);
const passwordRequirementList = commaList(passwordRequirements);

type CredentialVariable = `${Uppercase<SocialProviderId>}_CLIENT_${'ID' | 'SECRET'}`;

const socialCredentialVariables = Object.fromEntries(
  socialProviderIds.flatMap((id) => [
    [`${id.toUpperCase()}_CLIENT_ID`, z.string().min(1).optional()],
    [`${id.toUpperCase()}_CLIENT_SECRET`, z.string().min(1).optional()],
  ]),
) as Record<CredentialVariable, z.ZodOptional<z.ZodString>>;

/**
 * SECRET, each of SECRET_PREVIOUS and METRICS_TOKEN: at least 32 characters and random, never a
 * value the repository published (decision 015, issue 38 items 4 and 11).
 */
const randomSecret = z
  .string()
  .min(32, `must be at least 32 characters; ${secretHowTo}`)
  .superRefine((value, context) => {
    const reason = value.length >= 32 ? weakSecretReason(value) : null;
    if (reason) context.addIssue({ code: 'custom', message: `must be random: it ${reason}` });
  });

/** A Stripe endpoint's signing secret, never one the repository published (compose's demo values). */
const webhookSecret = z
  .string()
  .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
  .refine(
    (value) => !isKnownExample(value),
    'is an example value the repository published; use the one Stripe shows for the endpoint',
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: loopback in sandbox mode (its mailbox and stand-ins are for this machine only), else every interface. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  /**
   * What stands between the processes and PostgreSQL: `transaction` for a pooler in transaction mode
   * (PgBouncer's `pool_mode = transaction`), which hands each transaction any server connection, so
   * nothing may rely on a session (decision 060). `none` and `session` change nothing.
   */
  DATABASE_POOLER: z.enum(['none', 'session', 'transaction']).default('none'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SECRET: randomSecret.optional(),
  /** Secrets SECRET replaced, comma-separated: stored tokens sealed with them still open (and are re-sealed). */
  SECRET_PREVIOUS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    // A weak old secret still opens what it sealed, so it is refused like a weak SECRET: drop it.
    .pipe(z.array(randomSecret))
    .default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token a Prometheus scrape of /metrics must carry; unset → no /metrics at all. */
  METRICS_TOKEN: randomSecret.optional(),
  WORKER: booleanFlag.optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Hours between two reconciliations of a connected source (decision 032); 0 = on demand only. */
  RECONCILE_INTERVAL_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** Days a settled event keeps its payload (Stripe re-sends for 3; recent failures stay readable). */
  EVENT_PAYLOAD_DAYS: z.coerce.number().int().min(3).max(3650).default(30),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      'must be an address, e.g. Name <no-reply@example.com>',
    )
    .default('Billbridge <no-reply@localhost>'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[\w.:/,\s-]+)$/,
      'must be true, false, a hop count, or addresses/CIDRs (e.g. loopback,10.0.0.0/8)',
    )
    .default('loopback')
    .transform((value) =>
      value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
    ),
  SANDBOX: booleanFlag.optional(),
  /** Lets the sandbox run where it is refused by default (production, a public APP_URL, PostgreSQL). */
  UNSAFE_ALLOW_SANDBOX: booleanFlag.default(false),
  PASSWORD_MIN_LENGTH: z.coerce
    .number()
    .int()
    .min(passwordMinLength, `must be at least ${passwordMinLength}, the forms' own minimum`)
    .max(128)
    .default(passwordMinLength),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(8).max(256).default(128),
  PASSWORD_REQUIRE: passwordRequirementList.default([]),
  PASSWORD_REJECT_COMMON: booleanFlag.default(true),
  AUTH_RATE_LIMIT: booleanFlag.default(true),
  AUTH_FRESH_AGE: z.coerce.number().int().min(0).default(600),
  SOCIAL_PROVIDERS: socialProviderList.default(['google']),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_CLIENT_ID: z.string().regex(/^ca_/, 'must be a Stripe Connect client id (ca_…)').optional(),
  STRIPE_WEBHOOK_SECRET: webhookSecret.optional(),
  /** Signs the platform's own (billing) events at `/webhooks/stripe-billing`, apart from the Connect ones. */
  STRIPE_BILLING_WEBHOOK_SECRET: webhookSecret.optional(),
  STRIPE_API_URL: httpUrl.default('https://api.stripe.com'),
  /** Stripe.js, loaded by the billing step and the card form. */
  STRIPE_JS_URL: httpUrl.default('https://js.stripe.com/v3'),
  STRIPE_CONNECT_URL: httpUrl.default('https://connect.stripe.com'),
  HUBSPOT_CLIENT_ID: z.string().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional(),
  HUBSPOT_API_URL: httpUrl.default('https://api.hubapi.com'),
  HUBSPOT_AUTHORIZE_URL: httpUrl.default('https://app.hubspot.com/oauth/authorize'),
  SANDBOX_STRIPE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SANDBOX_HUBSPOT_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  MICROSOFT_TENANT_ID: z.string().min(1).default('common'),
  ...socialCredentialVariables,
});

export type Env = z.infer<typeof envSchema>;

export type SocialProviderConfig = {
  id: SocialProviderId;
  clientId: string;
  clientSecret: string;
};

export type PasswordPolicyConfig = {
  minLength: number;
  maxLength: number;
  require: PasswordRequirement[];
  rejectCommon: boolean;
};

/** Billbridge's Stripe platform: Connect OAuth, the Connect webhook endpoint, API calls on behalf of sources. */
export type StripeSettings = {
  secretKey: string;
  publishableKey: string | undefined;
  clientId: string;
  webhookSecret: string;
  /** The platform's own events (billing); absent → they are refused (503). */
  billingWebhookSecret: string | undefined;
  /** Where the browser loads Stripe.js from (js.stripe.com, or the stand-in's `/sandbox.js`). */
  stripeJsUrl: string;
  /** Where the SDK sends requests (Stripe, or the sandbox stand-in). */
  apiUrl: string;
  /** Where the Connect OAuth consent page lives. */
  connectUrl: string;
};

/** Billbridge's HubSpot public app: OAuth and the CRM API. */
export type HubSpotSettings = {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authorizeUrl: string;
};

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** Absent → embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** `transaction`: DATABASE_URL is a transaction-mode pooler; only web processes may use one. */
  databasePooler: DatabasePooler;
  appUrl: string;
  /** Absent → generated once and kept in `dataDir` (embedded mode only). */
  secret: string | undefined;
  /** Earlier secrets, newest first: what they sealed still opens and is sealed again under `secret`. */
  previousSecrets: string[];
  logLevel: Env['LOG_LEVEL'];
  /** Absent → GET /metrics answers 404. */
  metricsToken: string | undefined;
  /** Whether this process also runs the job worker (`start` does; `server` alone does not). */
  runWorker: boolean | undefined;
  workerConcurrency: number;
  /** Hours between a connected source's scheduled reconciliations; 0 = only on demand. */
  reconcileIntervalHours: number;
  /** Days a settled event keeps its payload before the retention job drops it (decision 058). */
  eventPayloadDays: number;
  /** Absent → e-mails go to the dev mailbox (the `dev_mail` table) instead of an SMTP server. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Which peers may tell the client address in X-Forwarded-For (Fastify's `trustProxy`): rate
   * limits count per address, so a client must not be able to pick its own.
   */
  trustProxy: boolean | number | string;
  /**
   * The embedded/sandbox mode: dev mailbox page, sandbox providers. Default: on exactly when
   * DATABASE_URL is absent (the embedded default); every real deployment runs with it off.
   */
  sandbox: boolean;
  passwordPolicy: PasswordPolicyConfig;
  /** better-auth's rate limits on sign-in, sign-up, reset and verification e-mails (in PostgreSQL). */
  authRateLimit: boolean;
  /** Seconds after sign-in during which password, e-mail changes and deletion are allowed. */
  authFreshAge: number;
  /** Enabled social sign-in providers, each with its credentials. */
  socialProviders: SocialProviderConfig[];
  googleIssuer: string;
  microsoftTenantId: string;
  /**
   * Absent → in sandbox mode the process starts the local stand-in (providers/providers.ts);
   * outside it, sources (or destinations) cannot be connected and say so.
   */
  stripe: StripeSettings | undefined;
  hubspot: HubSpotSettings | undefined;
  /** Ports of the embedded stand-ins (0 = any free port). */
  sandboxPorts: { stripe: number; hubspot: number };
};

export type DatabasePooler = Env['DATABASE_POOLER'];

/**
 * Why this process may not run the job worker on its connection, if it may not: pg-boss's workers
 * wait on LISTEN and the drains hold session advisory locks, which a transaction-mode pooler
 * cannot keep (decision 060).
 */
export const workerConnectionProblem = (config: Pick<Config, 'databasePooler'>): string | undefined =>
  config.databasePooler === 'transaction'
    ? 'DATABASE_POOLER: transaction is for web processes only; a worker needs a direct connection or a session-mode pool (docs/operations.md)'
    : undefined;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const loadConfig = (source: NodeJS.ProcessEnv = process.env): Config => {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const sandbox = env.SANDBOX ?? !env.DATABASE_URL;
  const { providers, problems } = socialProvidersOf(env, sandbox);
  if (sandbox && !env.UNSAFE_ALLOW_SANDBOX) problems.push(...unsafeSandboxProblems(env));
  if (env.DATABASE_URL && !env.SECRET) {
    problems.unshift('SECRET: required when DATABASE_URL is set (it cannot be kept in DATA_DIR)');
  }
  if (env.DATABASE_POOLER !== 'none' && !env.DATABASE_URL) {
    problems.push('DATABASE_POOLER: needs DATABASE_URL (the embedded database has no pooler)');
  }
  if (env.WORKER) {
    const problem = workerConnectionProblem({ databasePooler: env.DATABASE_POOLER });
    if (problem) problems.push(problem);
  }
  if (!sandbox && !env.SMTP_URL) {
    problems.push('SMTP_URL: required when SANDBOX is off (account e-mails must leave the machine)');
  }
  if (env.STRIPE_BILLING_WEBHOOK_SECRET && env.STRIPE_BILLING_WEBHOOK_SECRET === env.STRIPE_WEBHOOK_SECRET) {
    // One secret for both endpoints would let a Connect event pass as the platform's own billing event.
    problems.push(
      'STRIPE_BILLING_WEBHOOK_SECRET: must differ from STRIPE_WEBHOOK_SECRET (each endpoint has its own)',
    );
  }
  if (env.PASSWORD_MAX_LENGTH < env.PASSWORD_MIN_LENGTH) {
    problems.push('PASSWORD_MAX_LENGTH: must not be below PASSWORD_MIN_LENGTH');
  }
  const stripe = stripeSettingsOf(env, problems);
  const hubspot = hubspotSettingsOf(env, problems);
  if (problems.length) throw new ConfigError(problems);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? (sandbox ? '127.0.0.1' : '0.0.0.0'),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePooler: env.DATABASE_POOLER,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    secret: env.SECRET,
    previousSecrets: env.SECRET_PREVIOUS,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    runWorker: env.WORKER,
    workerConcurrency: env.WORKER_CONCURRENCY,
    reconcileIntervalHours: env.RECONCILE_INTERVAL_HOURS,
    eventPayloadDays: env.EVENT_PAYLOAD_DAYS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    sandbox,
    passwordPolicy: {
      minLength: env.PASSWORD_MIN_LENGTH,
      maxLength: env.PASSWORD_MAX_LENGTH,
      require: env.PASSWORD_REQUIRE,
      rejectCommon: env.PASSWORD_REJECT_COMMON,
    },
    authRateLimit: env.AUTH_RATE_LIMIT,
    authFreshAge: env.AUTH_FRESH_AGE,
    socialProviders: providers,
    googleIssuer: env.GOOGLE_ISSUER.replace(/\/$/, ''),
    microsoftTenantId: env.MICROSOFT_TENANT_ID,
    stripe,
    hubspot,
    sandboxPorts: { stripe: env.SANDBOX_STRIPE_PORT, hubspot: env.SANDBOX_HUBSPOT_PORT },
  };
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
const sandboxOptIn = 'or set UNSAFE_ALLOW_SANDBOX=true to run it anyway';

/**
 * The sandbox serves every e-mail (reset links included) and fake providers without a sign-in, so it
 * belongs on a developer's machine: anything that looks like a deployment refuses it (decision 013).
 */
const unsafeSandboxProblems = (env: Env): string[] => {
  const problems: string[] = [];
  const why = 'the sandbox (dev mailbox, stand-in providers) is for a local machine only';
  if (env.NODE_ENV === 'production') {
    problems.push(`NODE_ENV: production with the sandbox on; ${why}: set SANDBOX=false, ${sandboxOptIn}`);
  }
  if (env.APP_URL) {
    const url = new URL(env.APP_URL);
    if (url.protocol === 'https:' || !loopbackHosts.has(url.hostname)) {
      problems.push(
        `APP_URL: ${url.origin} is not a local http address; ${why}: set SANDBOX=false, ${sandboxOptIn}`,
      );
    }
  }
  if (env.DATABASE_URL) {
    problems.push(`DATABASE_URL: set while SANDBOX=true; ${why}: set SANDBOX=false, ${sandboxOptIn}`);
  }
  return problems;
};

/** All of a provider's credentials, or none of them: half a configuration is a mistake worth naming. */
const allOrNone = <K extends keyof Env>(env: Env, names: K[], problems: string[]): boolean => {
  const missing = names.filter((name) => !env[name]);
  if (missing.length === 0) return true;
  if (missing.length < names.length) {
    const set = names.filter((name) => env[name]).join(', ');
    for (const name of missing) problems.push(`${String(name)}: required together with ${set}`);
  }
  return false;
};

const stripeSettingsOf = (env: Env, problems: string[]): StripeSettings | undefined =>
  allOrNone(env, ['STRIPE_SECRET_KEY', 'STRIPE_CLIENT_ID', 'STRIPE_WEBHOOK_SECRET'], problems)
    ? {
        secretKey: env.STRIPE_SECRET_KEY as string,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        clientId: env.STRIPE_CLIENT_ID as string,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
        billingWebhookSecret: env.STRIPE_BILLING_WEBHOOK_SECRET,
        stripeJsUrl: env.STRIPE_JS_URL,
        apiUrl: env.STRIPE_API_URL,
        connectUrl: env.STRIPE_CONNECT_URL,
      }
    : undefined;

const hubspotSettingsOf = (env: Env, problems: string[]): HubSpotSettings | undefined =>
  allOrNone(env, ['HUBSPOT_CLIENT_ID', 'HUBSPOT_CLIENT_SECRET'], problems)
    ? {
        clientId: env.HUBSPOT_CLIENT_ID as string,
        clientSecret: env.HUBSPOT_CLIENT_SECRET as string,
        apiUrl: env.HUBSPOT_API_URL,
        authorizeUrl: env.HUBSPOT_AUTHORIZE_URL,
      }
    : undefined;

/**
 * A provider listed in SOCIAL_PROVIDERS needs its client id and secret. Outside the sandbox a
 * missing one stops the start; in the sandbox (the embedded default lists Google with no
 * credentials) the provider is simply left out, so its button does not show.
 */
const socialProvidersOf = (env: Env, sandbox: boolean) => {
  const problems: string[] = [];
  const providers: SocialProviderConfig[] = [];
  for (const id of env.SOCIAL_PROVIDERS) {
    const prefix = id.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID` as CredentialVariable];
    const clientSecret = env[`${prefix}_CLIENT_SECRET` as CredentialVariable];
    if (clientId && clientSecret) providers.push({ id, clientId, clientSecret });
    else if (!sandbox) {
      problems.push(
        `${prefix}_CLIENT_ID: ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are required while SOCIAL_PROVIDERS lists ${id} (or set SOCIAL_PROVIDERS=none)`,
      );
    }
  }
  return { providers, problems };
};
