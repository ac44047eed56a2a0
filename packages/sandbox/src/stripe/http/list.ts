import { invalidRequest } from '../errors.ts';
import { int, obj, str, type Params } from '../params.ts';
import type { ListObject } from '../types.ts';

/** `created` filters (`created=…` or `created[gt|gte|lt|lte]=…`). */
export const createdMatches = (params: Params, created: number, field = 'created'): boolean => {
  const exact = params[field];
  if (typeof exact === 'string' && exact !== '') return created === Number(exact);
  const range = obj(params, field);
  if (!range) return true;
  const bound = (name: string): number | undefined => int(range, name);
  const gt = bound('gt');
  const gte = bound('gte');
  const lt = bound('lt');
  const lte = bound('lte');
  return (
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte)
  );
};

/** Stripe's cursor pagination over objects already sorted newest first. */
export const paginate = <T extends { id?: string }>(
  items: T[],
  params: Params,
  url: string,
): ListObject<T> => {
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest(`This value must be between 1 and 100 (it currently is '${limit}').`, 'limit');
  }
  const startingAfter = str(params, 'starting_after');
  const endingBefore = str(params, 'ending_before');
  const indexOf = (id: string, param: string): number => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw invalidRequest(`No such object: '${id}'`, param, 'resource_missing');
    return index;
  };
  if (endingBefore) {
    const end = indexOf(endingBefore, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start = startingAfter ? indexOf(startingAfter, 'starting_after') + 1 : 0;
  const page = items.slice(start, start + limit);
  return { object: 'list', data: page, has_more: start + limit < items.length, url };
};

/** Newest first, as Stripe lists. */
export const newestFirst = <T>(collection: Record<string, T>): T[] => Object.values(collection).reverse();
