import { pino, stdSerializers, type Logger } from 'pino';
import type { Config } from './config/env.ts';

/**
 * A URL as logs show it: the path and the names of its query parameters, never their values
 * (verification tokens, OAuth codes and states, `oobCode`s, e-mail addresses travel there).
 */
export const loggableUrl = (url: string): string => {
  const [pathname, query] = url.split('?', 2);
  if (!query) return pathname ?? '/';
  const names = [...new URLSearchParams(query).keys()];
  return `${pathname}?${names.map((name) => `${name}=…`).join('&')}`;
};

/** The values a failed statement carried (Drizzle and PGlite keep them as `params` on the error). */
const paramsOf = (error: unknown, seen = new Set<unknown>()): string[] => {
  if (!error || typeof error !== 'object' || seen.has(error)) return [];
  seen.add(error);
  const { params, cause } = error as { params?: unknown; cause?: unknown };
  // An array value (a batch of payloads) is cut out element by element, as the database echoes it.
  const own = Array.isArray(params)
    ? params
        .flatMap((value: unknown) => (Array.isArray(value) ? value : [value]))
        .map((value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')))
    : [];
  return [...own.filter((value) => value.length >= 6), ...paramsOf(cause, seen)];
};

/**
 * Fields a database error echoes values in: the values themselves (`params`), PGlite's `query` (an
 * `EXECUTE` with its values written out), PostgreSQL's `where` (a piece of the JSON it could not
 * parse) and `detail` (`Key (email)=(…) already exists`). The message, code and names stay.
 */
const valueFields = new Set(['params', 'query', 'where', 'detail']);

const scrub = (value: unknown, secrets: string[]): unknown => {
  if (typeof value === 'string') {
    const withoutList = value.replace(/\nparams: .*/g, '');
    return secrets.reduce((text, secret) => text.split(secret).join('[value]'), withoutList);
  }
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !valueFields.has(key))
      .map(([key, field]) => [key, scrub(field, secrets)]),
  );
};

/**
 * Errors keep their statement (which names what failed) and lose the values it carried — a
 * webhook's payload, an e-mail address — wherever the database echoed them (message, stack, cause).
 */
export const serializeError = (error: Error): unknown => scrub(stdSerializers.err(error), paramsOf(error));

/** Structured logs; credentials never reach a log line. */
export const createLogger = (
  config: Pick<Config, 'logLevel'>,
  destination?: pino.DestinationStream,
): Logger =>
  pino(
    {
      level: config.logLevel,
      serializers: { err: serializeError },
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
    },
    destination,
  );
