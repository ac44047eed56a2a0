import { validationError, type PropertyProblem } from './errors.ts';
import type { HubSpotStore } from './store.ts';
import type { ExchangeRateRecord, ObjectTypeName, PortalData } from './types.ts';

/** The property holding a record's currency, per object type. */
export const currencyProperties: Partial<Record<ObjectTypeName, string>> = {
  deals: 'deal_currency_code',
  line_items: 'hs_line_item_currency_code',
  invoices: 'hs_currency',
};

/** ISO 4217 codes as the runtime knows them: HubSpot only takes codes it supports, never `XYZ`. */
const supported = new Set(Intl.supportedValuesOf('currency'));

export const isSupportedCurrency = (code: string): boolean => supported.has(code);

/** The company currency first, then the added ones. */
export const enabledCurrencies = (portal: PortalData): string[] => [
  portal.currencies.company,
  ...portal.currencies.rates.map((rate) => rate.fromCurrencyCode),
];

/** HubSpot's wording when a currency code is not one of the portal's (changelog, July 2023). */
export const currencyProblem = (
  portal: PortalData,
  name: string,
  value: string,
): PropertyProblem | undefined =>
  enabledCurrencies(portal).includes(value)
    ? undefined
    : {
        name,
        error: 'INVALID_OPTION',
        message: `"${value}" is not a part of the current effective currency codes for portal ${portal.id}`,
      };

const checkCode = (code: unknown): string => {
  if (typeof code !== 'string' || !isSupportedCurrency(code))
    throw validationError(`${String(code)} is not one of HubSpot's supported currency codes.`);
  return code;
};

/** Adds a currency (or a new rate for an added one); the company currency's own rate is not modifiable. */
export const addCurrency = (
  store: HubSpotStore,
  portal: PortalData,
  code: unknown,
  conversionRate: unknown = 1,
  effectiveAt?: string,
): ExchangeRateRecord => {
  const from = checkCode(code);
  if (from === portal.currencies.company)
    throw validationError(`${from} is the company currency; its rate to itself is not modifiable.`);
  const rate = Number(conversionRate);
  if (!Number.isFinite(rate) || rate <= 0) throw validationError('conversionRate must be greater than 0.');
  const at = new Date().toISOString();
  const record: ExchangeRateRecord = {
    id: store.nextObjectId(),
    fromCurrencyCode: from,
    conversionRate: Math.round(rate * 1e6) / 1e6,
    visibleInUI: true,
    createdAt: at,
    updatedAt: at,
    effectiveAt: effectiveAt ?? at,
  };
  portal.currencies.rates = [
    ...portal.currencies.rates.filter((entry) => entry.fromCurrencyCode !== from),
    record,
  ];
  store.touch();
  return record;
};

/** Sets the enabled currencies: the first is the company currency; rates of kept ones stay. */
export const setCurrencies = (store: HubSpotStore, portal: PortalData, codes: string[]): void => {
  const [company, ...added] = [...new Set(codes)];
  if (!company) throw new Error('A portal needs a company currency.');
  const kept = portal.currencies.rates;
  if (company !== portal.currencies.company) {
    checkCode(company);
    portal.currencies.company = company;
    portal.currencies.createdAt = new Date().toISOString();
  }
  portal.currencies.rates = kept.filter((rate) => added.includes(rate.fromCurrencyCode));
  for (const code of added)
    if (!portal.currencies.rates.some((rate) => rate.fromCurrencyCode === code))
      addCurrency(store, portal, code);
  store.touch();
};

/** `ExchangeRate` as the Settings API answers it; with added currencies the company one has a 1.0 self rate. */
export const exchangeRatesJson = (portal: PortalData) => {
  const { company, createdAt, rates } = portal.currencies;
  const self =
    rates.length > 0
      ? [
          {
            id: `${portal.id}-${company}`,
            fromCurrencyCode: company,
            conversionRate: 1,
            visibleInUI: true,
            createdAt,
            updatedAt: createdAt,
            effectiveAt: createdAt,
          },
        ]
      : [];
  return [...self, ...rates].map((rate) => ({ ...rate, toCurrencyCode: company }));
};
