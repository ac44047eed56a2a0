/**
 * The closed set of error codes a callable function can fail with (spec §8), the HTTP status each
 * travels as, and the wire name in the error envelope `{ error: { status, message, details? } }`.
 */
export const errorCodes = [
  'invalid-argument',
  'failed-precondition',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'already-exists',
  'aborted',
  'resource-exhausted',
  'cancelled',
  'internal',
  'unimplemented',
  'unavailable',
  'deadline-exceeded',
  'unknown',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const httpStatusOf: Record<ErrorCode, number> = {
  'invalid-argument': 400,
  'failed-precondition': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  aborted: 409,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
  unknown: 500,
};

/** `invalid-argument` ⇄ `INVALID_ARGUMENT`. */
export const wireStatusOf = (code: ErrorCode): string => code.toUpperCase().replaceAll('-', '_');

const codeByWireStatus = new Map(errorCodes.map((code) => [wireStatusOf(code), code]));

export const codeFromWireStatus = (status: unknown): ErrorCode | undefined =>
  typeof status === 'string' ? codeByWireStatus.get(status) : undefined;

/** The client's fallback when a body carries no known status (spec §8 "Callable transport errors"). */
export const codeFromHttpStatus = (status: number): ErrorCode => {
  const byStatus: Record<number, ErrorCode> = {
    400: 'invalid-argument',
    401: 'unauthenticated',
    403: 'permission-denied',
    404: 'not-found',
    409: 'aborted',
    429: 'resource-exhausted',
    499: 'cancelled',
    500: 'internal',
    501: 'unimplemented',
    503: 'unavailable',
    504: 'deadline-exceeded',
  };
  return byStatus[status] ?? 'unknown';
};

export type ErrorEnvelope = { error: { status: string; message: string; details?: unknown } };

/** One field that failed validation, as listed in `details` of an invalid-argument error. */
export type FieldIssue = { path: string; message: string };

/** The transport messages of spec §8, raised by the client when the answer cannot be read. */
export const transportMessages = {
  notJson: 'Response is not valid JSON object.',
  missingData: 'Response is missing data field.',
} as const;

/** The error every side throws: a closed code, a message safe to show, optional details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return httpStatusOf[this.code];
  }

  toEnvelope(): ErrorEnvelope {
    const body: ErrorEnvelope['error'] = { status: wireStatusOf(this.code), message: this.message };
    if (this.details !== undefined) body.details = this.details;
    return { error: body };
  }
}

/**
 * `details` of an error the browser shows with a specific translation (spec §8 message keys, e.g.
 * `planNotFound`, `alreadyInvited`, `alreadyMember`) rather than the generic one of its screen.
 */
export type MessageKeyDetails = { messageKey: string };

/** The message key an `AppError` carries in its details, if any. */
export const messageKeyOf = (error: unknown): string | undefined => {
  const details = error instanceof AppError ? error.details : undefined;
  const key =
    typeof details === 'object' && details !== null
      ? (details as Partial<MessageKeyDetails>).messageKey
      : undefined;
  return typeof key === 'string' ? key : undefined;
};

/**
 * An error whose message is one of a contract message table's, carrying the entry's key so the
 * browser shows it in the reader's language (`serverMessages.<key>`) rather than in English.
 */
export const keyedError = <K extends string>(
  code: ErrorCode,
  messages: Readonly<Record<K, string>>,
  key: K,
): AppError => {
  const details: MessageKeyDetails = { messageKey: key };
  return new AppError(code, messages[key], details);
};
