import type { FastifyRequest } from 'fastify';
import { authenticationError, maskKey, StripeApiError } from '../errors.ts';
import type { StripeRuntime } from '../runtime.ts';
import type { KeyKind } from '../store.ts';
import type { KeyAccess } from '../types.ts';

export type Auth = {
  key: string;
  kind: KeyKind;
  /** Account the key belongs to. */
  keyAccountId: string;
  /** Account the request acts on (the `Stripe-Account` header, else the key's own). */
  accountId: string;
  /** A restricted key's permissions. */
  permissions?: Record<string, KeyAccess>;
};

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The API key from `Authorization: Bearer` (or Basic, key as user name), as Stripe accepts both. */
export const apiKeyOf = (request: FastifyRequest): string | undefined => {
  const authorization = header(request, 'authorization');
  if (!authorization) return undefined;
  const [scheme, value] = authorization.split(' ');
  if (!value) return undefined;
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return undefined;
};

export const authenticate = (rt: StripeRuntime, request: FastifyRequest): Auth => {
  const key = apiKeyOf(request);
  if (!key) {
    throw authenticationError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const info = rt.store.keyInfo(key);
  if (!info) throw authenticationError(`Invalid API Key provided: ${maskKey(key)}`);
  const target = header(request, 'stripe-account');
  if (target && target !== info.accountId) {
    const entry = rt.store.entry(target);
    if (!entry || entry.connectedTo !== info.accountId) {
      throw new StripeApiError(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key '${maskKey(key)}' does not have access to account '${target}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
  }
  return {
    key,
    kind: info.kind,
    keyAccountId: info.accountId,
    accountId: target ?? info.accountId,
    ...(info.permissions ? { permissions: info.permissions } : {}),
  };
};
