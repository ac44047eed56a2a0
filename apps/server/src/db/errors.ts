type SqlError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/**
 * The error down `error`'s `cause` chain whose SQLSTATE is one of `codes`, on either engine
 * (Drizzle wraps the driver's error), or undefined.
 */
const sqlErrorWith = (error: unknown, codes: ReadonlySet<string>): SqlError | undefined => {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as SqlError;
    if (typeof candidate.code === 'string' && codes.has(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
};

const uniqueViolation = new Set(['23505']);

/** Whether a query failed on a unique constraint (SQLSTATE 23505), on either engine. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const found = sqlErrorWith(error, uniqueViolation);
  if (!found) return false;
  return !constraint || found.constraint === constraint || String(found.message).includes(constraint);
};

/**
 * SQLSTATEs of a JSON text that jsonb refuses though JSON allows it: a lone UTF-16 surrogate
 * (22P02, invalid text representation), U+0000 (22P05, untranslatable character), a number
 * beyond numeric's range (22003). https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const jsonbRefusals = new Set(['22P02', '22P05', '22003']);

/** Whether a query failed because a value could not be read as its type (a body jsonb cannot hold). */
export const isUnstorableValue = (error: unknown): boolean =>
  sqlErrorWith(error, jsonbRefusals) !== undefined;
