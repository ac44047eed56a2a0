import { invalidRequest, missingParam } from './errors.ts';
import type { Address, Metadata } from './types.ts';

/** Request parameters as `qs` parses Stripe's bracket-encoded forms and query strings. */
export type Params = Record<string, unknown>;

const isRecord = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asParams = (value: unknown): Params => (isRecord(value) ? value : {});

/** A string param; `''` comes back as `''` (Stripe's way of unsetting a field). */
export const str = (params: Params, name: string): string | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, name);
  return value;
};

export const requireStr = (params: Params, name: string): string => {
  const value = str(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
};

/** `undefined` when absent, `null` when sent empty (unset), else the string. */
export const nullableStr = (params: Params, name: string): string | null | undefined => {
  const value = str(params, name);
  return value === '' ? null : value;
};

export const int = (params: Params, name: string): number | undefined => {
  const value = str(params, name);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
};

export const bool = (params: Params, name: string): boolean | undefined => {
  const value = str(params, name);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
};

export const oneOf = <T extends string>(
  params: Params,
  name: string,
  allowed: readonly T[],
): T | undefined => {
  const value = str(params, name);
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(`Invalid ${name}: must be one of ${allowed.join(', ')}`, name);
  }
  return value as T;
};

export const obj = (params: Params, name: string): Params | undefined => {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!isRecord(value)) throw invalidRequest(`Invalid object`, name);
  return value;
};

/** Arrays arrive as arrays, or as objects keyed by index when they are long. */
export const list = (params: Params, name: string): unknown[] | undefined => {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  }
  return [value];
};

export const stringList = (params: Params, name: string): string[] | undefined =>
  list(params, name)?.map((value) => {
    if (typeof value !== 'string') throw invalidRequest(`Invalid array`, name);
    return value;
  });

export const expandPaths = (params: Params): string[] => stringList(params, 'expand') ?? [];

/** Applies Stripe's metadata update rules: keys merge, `''` deletes a key, `metadata=''` clears all. */
export const metadata = (params: Params, existing: Metadata = {}): Metadata => {
  const value = params.metadata;
  if (value === undefined) return existing;
  if (value === '') return {};
  if (!isRecord(value)) throw invalidRequest('Invalid metadata', 'metadata');
  const next: Metadata = { ...existing };
  for (const [key, entry] of Object.entries(value)) {
    if (entry === '' || entry === null) delete next[key];
    else if (typeof entry === 'string') next[key] = entry;
    else throw invalidRequest(`Invalid metadata value for ${key}`, `metadata[${key}]`);
  }
  return next;
};

export const address = (value: Params | undefined, existing: Address | null = null): Address | null => {
  if (value === undefined) return existing;
  const read = (key: keyof Address): string | null => {
    const entry = value[key];
    return typeof entry === 'string' && entry !== '' ? entry : (existing?.[key] ?? null);
  };
  return {
    city: read('city'),
    country: read('country'),
    line1: read('line1'),
    line2: read('line2'),
    postal_code: read('postal_code'),
    state: read('state'),
  };
};

export const emptyAddress = (): Address => ({
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
});
