import { objectScopes } from '../auth.ts';
import { notFound } from '../errors.ts';
import type { HsCall } from '../http.ts';
import { resolveObjectType, type ObjectTypeInfo } from '../object-types.ts';

/** The object type named in the path, or HubSpot's 404 for an unknown one. */
export const typeParam = (call: HsCall, name = 'objectType'): ObjectTypeInfo => {
  const raw = call.params[name] ?? '';
  const info = resolveObjectType(raw);
  if (!info) throw notFound(`Unable to infer object type from: ${raw}`);
  return info;
};

export const readScopes =
  (name = 'objectType') =>
  (call: HsCall): string[] => {
    const info = resolveObjectType(call.params[name] ?? '');
    return info ? objectScopes(info.scope, 'read') : [];
  };

export const writeScopes =
  (name = 'objectType') =>
  (call: HsCall): string[] => {
    const info = resolveObjectType(call.params[name] ?? '');
    return info ? objectScopes(info.scope, 'write') : [];
  };

export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
