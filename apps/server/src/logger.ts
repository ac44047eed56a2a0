import { pino, type Logger } from 'pino';
import type { Config } from './config/env.ts';

/** Structured logs; credentials never reach a log line. */
export const createLogger = (config: Pick<Config, 'logLevel'>): Logger =>
  pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
        '*.accessToken',
        '*.refreshToken',
        '*.access_token',
        '*.refresh_token',
        '*.password',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  });
