import { z } from 'zod';

/**
 * The only module that reads `process.env` (STYLE §5). Everything is validated at start; a bad or
 * missing variable stops the start with a message naming every one of them.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER: booleanFlag.optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address, e.g. Name <no-reply@example.com>')
    .default('Billbridge <no-reply@localhost>'),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** Absent → embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  appUrl: string;
  /** Absent → generated once and kept in `dataDir` (embedded mode only). */
  secret: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Whether this process also runs the job worker (`start` does; `server` alone does not). */
  runWorker: boolean | undefined;
  workerConcurrency: number;
  /** Absent → e-mails go to the dev mailbox (the `dev_mail` table) instead of an SMTP server. */
  smtpUrl: string | undefined;
  mailFrom: string;
};

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
  if (env.DATABASE_URL && !env.SECRET) {
    throw new ConfigError(['SECRET: required when DATABASE_URL is set (it cannot be kept in DATA_DIR)']);
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    secret: env.SECRET,
    logLevel: env.LOG_LEVEL,
    runWorker: env.WORKER,
    workerConcurrency: env.WORKER_CONCURRENCY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
  };
};
