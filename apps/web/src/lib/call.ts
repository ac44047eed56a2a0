import {
  AppError,
  codeFromHttpStatus,
  codeFromWireStatus,
  transportMessages,
  type ErrorCode,
  type FunctionInput,
  type FunctionName,
  type FunctionOutput,
} from '@billbridge/contract';

/** Spec §9: a callable gives up after 70 s unless told otherwise. */
export const defaultCallTimeoutMs = 70_000;

export type CallOptions = {
  timeoutMs?: number;
  /** Cancels the call (e.g. TanStack Query's signal when a query is dropped). */
  signal?: AbortSignal;
  /** Injected by tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
};

type JsonObject = Record<string, unknown>;

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parseJsonObject = (text: string): JsonObject | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/** The error of a non-2xx answer: the body's code when it names a known one, else the HTTP status's. */
const errorOf = (status: number, body: JsonObject | undefined): AppError => {
  const error = body && isJsonObject(body.error) ? body.error : undefined;
  const code: ErrorCode = codeFromWireStatus(error?.status) ?? codeFromHttpStatus(status);
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : `Request failed with status ${status}.`;
  return new AppError(code, message, error?.details);
};

/**
 * Calls a server function (`POST /api/functions/:name` with `{ data }`, ARCHITECTURE §5) and returns
 * its typed result. Every failure is an `AppError` with the spec's codes (§8): the body's status, the
 * HTTP status when the body has none, the two transport messages when the answer cannot be read,
 * `deadline-exceeded` after the timeout, `cancelled` when the caller aborts, `unavailable` when the
 * network fails.
 */
export const call = async <N extends FunctionName>(
  name: N,
  data: FunctionInput<N>,
  options: CallOptions = {},
): Promise<FunctionOutput<N>> => {
  const { timeoutMs = defaultCallTimeoutMs, signal, fetch: fetchImpl = globalThis.fetch } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller, { once: true });
  if (signal?.aborted) controller.abort();

  try {
    let text: string;
    let status: number;
    let ok: boolean;
    try {
      const response = await fetchImpl(`/api/functions/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ data }),
        signal: controller.signal,
      });
      ({ status, ok } = response);
      text = await response.text();
    } catch (error) {
      if (timedOut) throw new AppError('deadline-exceeded', 'The request timed out.');
      if (controller.signal.aborted) throw new AppError('cancelled', 'The request was cancelled.');
      throw new AppError(
        'unavailable',
        error instanceof Error ? error.message : 'The network request failed.',
      );
    }

    const body = parseJsonObject(text);
    if (!ok) throw errorOf(status, body);
    if (!body) throw new AppError('internal', transportMessages.notJson);
    const result = body.data !== undefined ? body.data : body.result;
    if (result === undefined) throw new AppError('internal', transportMessages.missingData);
    // The server parsed the result with the contract's output schema before sending it.
    return result as FunctionOutput<N>;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
};
