import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, transportMessages } from '@billbridge/contract';
import { call, defaultCallTimeoutMs } from './call.ts';

type FetchCall = { url: string; init: RequestInit };

const stubFetch = (respond: (request: FetchCall) => Response | Promise<Response>) => {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const request = { url: String(url), init };
    calls.push(request);
    return respond(request);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const failure = async (promise: Promise<unknown>): Promise<AppError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
};

const subscription = {
  id: 'sub_1',
  owner_id: 'user_1',
  plan_id: 'free',
  status: 'active',
  settings: { name: 'Acme' },
  permissions: { access: ['user_1'], admin: ['user_1'] },
  subscription_current_period_start: 0,
  subscription_current_period_end: 1,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('call', () => {
  it('posts the data as { data } to the function route and returns the result', async () => {
    const { fetch, calls } = stubFetch(() => json(200, { result: subscription }));

    const result = await call('getSubscription', { subscriptionId: 'sub_1' }, { fetch });

    expect(result).toEqual(subscription);
    expect(calls[0]?.url).toBe('/api/functions/getSubscription');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ data: { subscriptionId: 'sub_1' } });
  });

  it('accepts an answer that carries data instead of result', async () => {
    const { fetch } = stubFetch(() => json(200, { data: { subscriptions: [] } }));

    await expect(call('listMySubscriptions', {}, { fetch })).resolves.toEqual({ subscriptions: [] });
  });

  it('returns a null result as null rather than as a missing field', async () => {
    const { fetch } = stubFetch(() => json(200, { result: null }));

    await expect(call('listMySubscriptions', {}, { fetch })).resolves.toBeNull();
  });

  it('maps the error status in the body to its code and keeps the message and details', async () => {
    const { fetch } = stubFetch(() =>
      json(404, { error: { status: 'NOT_FOUND', message: 'Subscription not found.', details: { id: 'x' } } }),
    );

    const error = await failure(call('getSubscription', { subscriptionId: 'x' }, { fetch }));

    expect(error.code).toBe('not-found');
    expect(error.message).toBe('Subscription not found.');
    expect(error.details).toEqual({ id: 'x' });
  });

  it('prefers the body status over the HTTP status', async () => {
    const { fetch } = stubFetch(() => json(409, { error: { status: 'ALREADY_EXISTS', message: 'Exists.' } }));

    const error = await failure(call('listMySubscriptions', {}, { fetch }));

    expect(error.code).toBe('already-exists');
  });

  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [502, 'unknown'],
    [418, 'unknown'],
  ])('maps HTTP %i without a known body status to %s', async (status, code) => {
    const { fetch } = stubFetch(() => new Response('<html>Bad gateway</html>', { status }));

    const error = await failure(call('listMySubscriptions', {}, { fetch }));

    expect(error.code).toBe(code);
  });

  it('falls back to the HTTP status when the body names an unknown status', async () => {
    const { fetch } = stubFetch(() => json(403, { error: { status: 'NOPE', message: 'Go away.' } }));

    const error = await failure(call('listMySubscriptions', {}, { fetch }));

    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('Go away.');
  });

  it('reports a successful answer that is not JSON as internal "Response is not valid JSON object."', async () => {
    const { fetch } = stubFetch(() => new Response('<!doctype html><html></html>', { status: 200 }));

    const error = await failure(call('listMySubscriptions', {}, { fetch }));

    expect(error.code).toBe('internal');
    expect(error.message).toBe(transportMessages.notJson);
  });

  it('treats a JSON array or primitive as not a JSON object', async () => {
    const { fetch } = stubFetch(() => json(200, [1, 2]));

    const error = await failure(call('listMySubscriptions', {}, { fetch }));

    expect(error.message).toBe('Response is not valid JSON object.');
  });

  it('reports a JSON answer without result or data as internal "Response is missing data field."', async () => {
    const { fetch } = stubFetch(() => json(200, { ok: true }));

    const error = await failure(call('listMySubscriptions', {}, { fetch }));

    expect(error.code).toBe('internal');
    expect(error.message).toBe(transportMessages.missingData);
  });

  it('gives up with deadline-exceeded after 70 seconds by default', async () => {
    vi.useFakeTimers();
    const { fetch } = stubFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const pending = failure(call('listMySubscriptions', {}, { fetch }));
    await vi.advanceTimersByTimeAsync(defaultCallTimeoutMs - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(defaultCallTimeoutMs).toBe(70_000);
    expect((await pending).code).toBe('deadline-exceeded');
  });

  it('honours a shorter timeout', async () => {
    vi.useFakeTimers();
    const { fetch } = stubFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const pending = failure(call('listMySubscriptions', {}, { fetch, timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);

    expect((await pending).code).toBe('deadline-exceeded');
  });

  it('reports a caller abort as cancelled', async () => {
    const controller = new AbortController();
    const { fetch } = stubFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const pending = failure(call('listMySubscriptions', {}, { fetch, signal: controller.signal }));
    controller.abort();

    expect((await pending).code).toBe('cancelled');
  });

  it('reports a network failure as unavailable', async () => {
    const { fetch } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const error = await failure(call('listMySubscriptions', {}, { fetch }));

    expect(error.code).toBe('unavailable');
    expect(error.message).toBe('Failed to fetch');
  });
});
