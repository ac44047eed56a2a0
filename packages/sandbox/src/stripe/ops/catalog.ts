import { checkCurrency } from '../currencies.ts';
import { emit, emitUpdate } from '../events.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { getMeter, getPrice, getProduct } from '../lookup.ts';
import { buildPrice } from '../objects/price.ts';
import { buildProduct } from '../objects/product.ts';
import { bool, int, metadata, nullableStr, obj, oneOf, str, type Params } from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Price, Product, Recurring } from '../types.ts';

const setProductFields = (product: Product, params: Params): void => {
  const name = str(params, 'name');
  if (name !== undefined) {
    if (name === '') throw invalidRequest('You must provide a name for the product.', 'name');
    product.name = name;
  }
  const description = nullableStr(params, 'description');
  if (description !== undefined) product.description = description;
  const active = bool(params, 'active');
  if (active !== undefined) product.active = active;
  const unitLabel = nullableStr(params, 'unit_label');
  if (unitLabel !== undefined) product.unit_label = unitLabel;
  const url = nullableStr(params, 'url');
  if (url !== undefined) product.url = url;
  const statementDescriptor = nullableStr(params, 'statement_descriptor');
  if (statementDescriptor !== undefined) product.statement_descriptor = statementDescriptor;
  const taxCode = nullableStr(params, 'tax_code');
  if (taxCode !== undefined) product.tax_code = taxCode;
  product.metadata = metadata(params, product.metadata);
};

export const createProduct = (ctx: Ctx, params: Params): Product => {
  const name = str(params, 'name');
  if (!name) throw missingParam('name');
  const requestedId = str(params, 'id');
  if (requestedId && ctx.entry.objects.products[requestedId]) {
    throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
  }
  const product = buildProduct(requestedId || stripeId('prod'), name, now(ctx));
  setProductFields(product, params);
  product.type = oneOf(params, 'type', ['service', 'good'] as const) ?? 'service';
  ctx.entry.objects.products[product.id] = product;
  const defaultPriceData = obj(params, 'default_price_data');
  if (defaultPriceData) {
    const price = buildPriceFrom(ctx, { ...defaultPriceData, product: product.id }, 'default_price_data');
    product.default_price = price.id;
    emit(ctx, 'product.created', product);
    emit(ctx, 'price.created', price);
    return product;
  }
  emit(ctx, 'product.created', product);
  return product;
};

export const updateProduct = (ctx: Ctx, id: string, params: Params): Product => {
  const product = getProduct(ctx, id, 'id');
  const before = structuredClone(product);
  setProductFields(product, params);
  const defaultPrice = nullableStr(params, 'default_price');
  if (defaultPrice !== undefined) {
    if (defaultPrice && getPrice(ctx, defaultPrice, 'default_price').product !== product.id) {
      throw invalidRequest('The default price must belong to this product.', 'default_price');
    }
    product.default_price = defaultPrice;
  }
  product.updated = now(ctx);
  emitUpdate(ctx, 'product.updated', before, product);
  return product;
};

export const deleteProduct = (ctx: Ctx, id: string): { id: string; object: 'product'; deleted: true } => {
  const product = getProduct(ctx, id, 'id');
  if (Object.values(ctx.entry.objects.prices).some((price) => price.product === id)) {
    throw invalidRequest('This product cannot be deleted because it has one or more user-created prices.');
  }
  delete ctx.entry.objects.products[id];
  ctx.entry.objects.deleted[id] = 'product';
  emit(ctx, 'product.deleted', product);
  return { id, object: 'product', deleted: true };
};

const recurringOf = (ctx: Ctx, params: Params): Recurring | null => {
  const recurring = obj(params, 'recurring');
  if (!recurring) return null;
  const interval = oneOf(recurring, 'interval', ['day', 'week', 'month', 'year'] as const);
  if (!interval) throw missingParam('recurring[interval]');
  const usageType = oneOf(recurring, 'usage_type', ['licensed', 'metered'] as const) ?? 'licensed';
  const meter = str(recurring, 'meter') || null;
  if (usageType === 'metered' && !meter) {
    throw invalidRequest(
      'Metered prices must be backed by a meter: pass `recurring[meter]`.',
      'recurring[meter]',
    );
  }
  if (meter) getMeter(ctx, meter, 'recurring[meter]');
  return {
    interval,
    interval_count: int(recurring, 'interval_count') ?? 1,
    meter,
    usage_type: usageType,
    trial_period_days: int(recurring, 'trial_period_days') ?? null,
  };
};

/** `at` names the hash the price comes from (`items[0][price_data]`), so errors name nested params as Stripe does. */
const buildPriceFrom = (ctx: Ctx, params: Params, at?: string): Price => {
  const currencyParam = at ? `${at}[currency]` : 'currency';
  const code = str(params, 'currency');
  if (!code) throw missingParam(currencyParam);
  const currency = checkCurrency(code, currencyParam);
  let productId = str(params, 'product');
  const productData = obj(params, 'product_data');
  if (!productId && productData) {
    productId = createProduct(ctx, productData).id;
  }
  if (!productId) throw missingParam('product');
  getProduct(ctx, productId);
  const unitAmount = int(params, 'unit_amount');
  const unitAmountDecimal = str(params, 'unit_amount_decimal');
  if (unitAmount === undefined && !unitAmountDecimal) throw missingParam('unit_amount');
  if (unitAmount !== undefined && unitAmount < 0)
    throw invalidRequest('Invalid non-negative integer', 'unit_amount');
  const lookupKey = nullableStr(params, 'lookup_key') ?? null;
  if (lookupKey) {
    const holder = Object.values(ctx.entry.objects.prices).find((price) => price.lookup_key === lookupKey);
    if (holder) {
      if (!bool(params, 'transfer_lookup_key')) {
        throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      }
      holder.lookup_key = null;
    }
  }
  const recurring = recurringOf(ctx, params);
  const decimal = unitAmountDecimal ?? String(unitAmount);
  const price = buildPrice({
    id: stripeId('price'),
    active: bool(params, 'active') ?? true,
    created: now(ctx),
    currency,
    lookup_key: lookupKey,
    metadata: metadata(params),
    nickname: nullableStr(params, 'nickname') ?? null,
    product: productId,
    recurring,
    tax_behavior:
      oneOf(params, 'tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? 'unspecified',
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount ?? Math.round(Number(decimal)),
    unit_amount_decimal: decimal,
  });
  ctx.entry.objects.prices[price.id] = price;
  return price;
};

export const createPrice = (ctx: Ctx, params: Params, at?: string): Price => {
  const price = buildPriceFrom(ctx, params, at);
  emit(ctx, 'price.created', price);
  return price;
};

export const updatePrice = (ctx: Ctx, id: string, params: Params): Price => {
  const price = getPrice(ctx, id, 'id');
  const before = structuredClone(price);
  const active = bool(params, 'active');
  if (active !== undefined) price.active = active;
  const nickname = nullableStr(params, 'nickname');
  if (nickname !== undefined) price.nickname = nickname;
  const lookupKey = nullableStr(params, 'lookup_key');
  if (lookupKey !== undefined) price.lookup_key = lookupKey;
  price.metadata = metadata(params, price.metadata);
  emitUpdate(ctx, 'price.updated', before, price);
  return price;
};
