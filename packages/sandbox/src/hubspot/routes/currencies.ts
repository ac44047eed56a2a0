import type { FastifyInstance } from 'fastify';
import { addCurrency, exchangeRatesJson } from '../currencies.ts';
import { validationError } from '../errors.ts';
import { ok, registerRoute, type HsCall } from '../http.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import type { ExchangeRateRecord } from '../types.ts';
import { asRecord } from './common.ts';

/** Any one of these opens the reads (multicurrency spec); writes need `settings.currencies.write`. */
const readScopes = [
  'settings.currencies.read',
  'cpq.quotes.read',
  'cpq.quotes.write',
  'crm.objects.quotes.read',
  'crm.objects.quotes.write',
];
const writeScopes = ['settings.currencies.write'];

const rateJson = (call: HsCall, rate: ExchangeRateRecord) => ({
  ...rate,
  toCurrencyCode: call.portal.currencies.company,
});

/** `effectiveAt` in milliseconds or ISO 8601, as the currencies guide allows. */
const effectiveAt = (raw: unknown): string | undefined => {
  if (raw === undefined || raw === null) return undefined;
  const parsed = /^\d+$/.test(String(raw)) ? Number(raw) : Date.parse(String(raw));
  if (Number.isNaN(parsed)) throw validationError(`effectiveAt is not a valid date: ${String(raw)}`);
  return new Date(parsed).toISOString();
};

const addRate = (call: HsCall) => {
  const body = asRecord(call.body);
  if (body.conversionRate === undefined) throw validationError('conversionRate is required.');
  const rate = addCurrency(
    call.rt.store,
    call.portal,
    body.fromCurrencyCode,
    body.conversionRate,
    effectiveAt(body.effectiveAt),
  );
  return ok(rateJson(call, rate));
};

/**
 * The Settings Currencies API the product reads: the company currency, the current exchange rates,
 * and adding a currency (with a rate, or at the central rate — 1.0 here, the sandbox has no market).
 */
export const currencyRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  for (const base of ['/settings/v3/currencies', '/settings/currencies/2026-03']) {
    registerRoute(app, rt, {
      method: 'GET',
      url: `${base}/company-currency`,
      scopes: readScopes,
      handler: (call) =>
        ok({ id: call.portal.currencies.company, createdAt: call.portal.currencies.createdAt }),
    });
    registerRoute(app, rt, {
      method: 'GET',
      url: `${base}/exchange-rates/current`,
      scopes: readScopes,
      handler: (call) => ok({ results: exchangeRatesJson(call.portal) }),
    });
    registerRoute(app, rt, {
      method: 'POST',
      url: `${base}/exchange-rates`,
      scopes: writeScopes,
      handler: addRate,
    });
    registerRoute(app, rt, {
      method: 'POST',
      url: `${base}/central-fx-rates/add-currency`,
      scopes: writeScopes,
      handler: (call) =>
        ok(rateJson(call, addCurrency(call.rt.store, call.portal, asRecord(call.body).currencyCode))),
    });
  }
};
