import { invoicePayments } from '../billing/payments.ts';
import { invalidRequest } from '../errors.ts';
import type { Ctx } from '../runtime.ts';
import type { Invoice } from '../types.ts';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const collectionByPrefix: Record<string, keyof Ctx['entry']['objects']> = {
  cus: 'customers',
  prod: 'products',
  price: 'prices',
  sub: 'subscriptions',
  in: 'invoices',
  pm: 'payment_methods',
  seti: 'setup_intents',
  pi: 'payment_intents',
  ch: 'charges',
  mtr: 'meters',
};

/** An object by id within the account; deleted ones come back as `{ id, object, deleted: true }`. */
export const resolveById = (ctx: Ctx, id: string): unknown => {
  if (id.startsWith('acct_')) return ctx.rt.store.entry(id)?.account;
  const prefix = id.split('_')[0] ?? '';
  const collectionName = collectionByPrefix[prefix];
  if (!collectionName) return undefined;
  const collection = ctx.entry.objects[collectionName];
  if (Array.isArray(collection)) return undefined;
  const found = (collection as Record<string, unknown>)[id];
  if (found) return found;
  const deletedAs = ctx.entry.objects.deleted[id];
  return deletedAs ? { id, object: deletedAs, deleted: true } : undefined;
};

/** Fields Stripe leaves out unless asked for with `expand` ("includable" fields). */
const includable = (ctx: Ctx, node: Node, field: string): unknown => {
  if (node.object !== 'invoice') return undefined;
  const invoice = node as unknown as Invoice;
  if (field === 'confirmation_secret') {
    if (invoice.status !== 'open') return null;
    const intentId = (ctx.entry.internal.invoicePayments[invoice.id] ?? []).at(-1);
    const intent = intentId ? ctx.entry.objects.payment_intents[intentId] : undefined;
    return intent && !['succeeded', 'canceled'].includes(intent.status)
      ? { client_secret: intent.client_secret, type: 'payment_intent' }
      : null;
  }
  if (field === 'payments') {
    const data = invoicePayments(ctx, invoice);
    return { object: 'list', data, has_more: false, url: `/v1/invoice_payments?invoice=${invoice.id}` };
  }
  return undefined;
};

const cannotExpand = (path: string): Error =>
  invalidRequest(`This property cannot be expanded (${path}).`, 'expand');

const apply = (ctx: Ctx, node: unknown, segments: string[], path: string): void => {
  if (Array.isArray(node)) {
    for (const element of node) apply(ctx, element, segments, path);
    return;
  }
  if (!isNode(node)) return;
  const [head, ...rest] = segments;
  if (!head) return;
  let value = node[head];
  if (value === undefined) {
    const included = includable(ctx, node, head);
    if (included === undefined) throw cannotExpand(path);
    node[head] = included;
    value = included;
  } else if (typeof value === 'string') {
    const resolved = resolveById(ctx, value);
    if (resolved === undefined) throw cannotExpand(path);
    node[head] = structuredClone(resolved);
    value = node[head];
  } else if (value !== null && rest.length === 0 && !isNode(value)) {
    throw cannotExpand(path);
  }
  if (rest.length > 0 && value !== null) apply(ctx, value, rest, path);
};

/** A copy of `value` with Stripe's `expand[]` paths applied (`data.` prefixes for lists, at most 4 levels). */
export const expand = <T>(ctx: Ctx, value: T, paths: string[]): T => {
  const copy = structuredClone(value);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4 + (segments[0] === 'data' ? 1 : 0)) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property (${path}).`, 'expand');
    }
    apply(ctx, copy, segments, path);
  }
  return copy;
};
