/**
 * Whether a query failed on a unique constraint (SQLSTATE 23505), on either engine: Drizzle wraps
 * the driver's error, so the code is looked for down the `cause` chain.
 */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      return candidate.constraint === constraint || String(candidate.message).includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
};
