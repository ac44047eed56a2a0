import { checkCurrency } from '../currencies.ts';
import { noSuch } from '../errors.ts';
import { resolveById } from '../http/expand.ts';
import { createdMatches, newestFirst, paginate } from '../http/list.ts';
import { mutate, query, type Register } from '../http/route.ts';
import { search } from '../http/search.ts';
import { getPrice } from '../lookup.ts';
import { createPrice, createProduct, deleteProduct, updatePrice, updateProduct } from '../ops/catalog.ts';
import { bool, obj, str, stringList } from '../params.ts';

export const catalogRoutes = (route: Register): void => {
  route('POST', '/v1/products', (call) => mutate(call, (ctx) => createProduct(ctx, call.params)));

  route('GET', '/v1/products', (call) =>
    query(call, (ctx) => {
      const active = bool(call.params, 'active');
      const ids = stringList(call.params, 'ids');
      const products = newestFirst(ctx.entry.objects.products).filter(
        (product) =>
          (active === undefined || product.active === active) &&
          (!ids || ids.includes(product.id)) &&
          createdMatches(call.params, product.created),
      );
      return paginate(products, call.params, '/v1/products');
    }),
  );

  route('GET', '/v1/products/search', (call) =>
    query(call, (ctx) => search(newestFirst(ctx.entry.objects.products), call.params, '/v1/products/search')),
  );

  route('GET', '/v1/products/:id', (call) =>
    query(call, (ctx) => {
      const id = call.path.id ?? '';
      const found = resolveById(ctx, id);
      if (!found || !id.startsWith('prod_')) throw noSuch('product', id);
      return found;
    }),
  );

  route('POST', '/v1/products/:id', (call) =>
    mutate(call, (ctx) => updateProduct(ctx, call.path.id ?? '', call.params)),
  );

  route('DELETE', '/v1/products/:id', (call) =>
    mutate(call, (ctx) => deleteProduct(ctx, call.path.id ?? '')),
  );

  route('POST', '/v1/prices', (call) => mutate(call, (ctx) => createPrice(ctx, call.params)));

  route('GET', '/v1/prices', (call) =>
    query(call, (ctx) => {
      const product = str(call.params, 'product');
      const active = bool(call.params, 'active');
      const type = str(call.params, 'type');
      const code = str(call.params, 'currency');
      const currency = code ? checkCurrency(code, 'currency') : undefined;
      const lookupKeys = stringList(call.params, 'lookup_keys');
      const interval = str(obj(call.params, 'recurring') ?? {}, 'interval');
      const prices = newestFirst(ctx.entry.objects.prices).filter(
        (price) =>
          (!product || price.product === product) &&
          (active === undefined || price.active === active) &&
          (!type || price.type === type) &&
          (!currency || price.currency === currency) &&
          (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
          (!interval || price.recurring?.interval === interval) &&
          createdMatches(call.params, price.created),
      );
      return paginate(prices, call.params, '/v1/prices');
    }),
  );

  route('GET', '/v1/prices/search', (call) =>
    query(call, (ctx) => search(newestFirst(ctx.entry.objects.prices), call.params, '/v1/prices/search')),
  );

  route('GET', '/v1/prices/:id', (call) => query(call, (ctx) => getPrice(ctx, call.path.id ?? '', 'id')));

  route('POST', '/v1/prices/:id', (call) =>
    mutate(call, (ctx) => updatePrice(ctx, call.path.id ?? '', call.params)),
  );
};
