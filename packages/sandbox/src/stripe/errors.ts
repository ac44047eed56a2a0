import type { StripeErrorObject } from './types.ts';

/** A Stripe API error, answered as `{ error: { type, code, message, param } }`. */
export class StripeApiError extends Error {
  readonly statusCode: number;
  readonly body: StripeErrorObject;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: StripeErrorObject, headers: Record<string, string> = {}) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

export const invalidRequest = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

export const missingParam = (param: string): StripeApiError =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

/** Parameters the endpoint does not define; with several, Stripe lists them all and names the first. */
export const unknownParam = (names: readonly string[]): StripeApiError =>
  invalidRequest(
    names.length === 1
      ? `Received unknown parameter: ${names[0]}`
      : `Received unknown parameters: ${names.join(', ')}`,
    names[0],
    'parameter_unknown',
  );

/** A missing object: 404 when it was the path's id, 400 when a parameter referred to it (as Stripe does). */
export const noSuch = (objectName: string, id: string, param = 'id'): StripeApiError =>
  new StripeApiError(param === 'id' || param === 'intent' ? 404 : 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });

export const cardError = (
  code: string,
  message: string,
  declineCode?: string,
  extra: Partial<StripeErrorObject> = {},
): StripeApiError =>
  new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    ...(declineCode ? { decline_code: declineCode } : {}),
    ...extra,
  });

export const authenticationError = (message: string): StripeApiError =>
  new StripeApiError(401, { type: 'invalid_request_error', message });

export const maskKey = (key: string): string =>
  key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(4, key.length - 12))}${key.slice(-4)}` : key;
