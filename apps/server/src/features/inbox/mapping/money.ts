/**
 * Stripe amounts are integers in the currency's minor unit; HubSpot takes major units. Converted by
 * moving the decimal point in the digits, never through floating point, so 1999 JPY stays 1999 and
 * 12345 KWD becomes 12.345 exactly. Exponents from Stripe's currency docs ("zero-decimal" and
 * "three-decimal" currencies); every other currency has two.
 */
const zeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const threeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

export const minorUnitExponent = (currency: string): number => {
  const code = currency.toUpperCase();
  if (zeroDecimal.has(code)) return 0;
  return threeDecimal.has(code) ? 3 : 2;
};

/** `minor` may be a Stripe decimal (`unit_amount_decimal`, "1999.5" in an event's JSON). */
export const majorUnits = (
  minor: number | string | { toString: () => string } | null | undefined,
  currency: string,
): string => {
  const text = String(minor ?? 0);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const exponent = minorUnitExponent(currency);
  const digits = (whole + fraction).padStart(exponent + fraction.length + 1, '0');
  const point = digits.length - exponent - fraction.length;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).replace(/0+$/, '');
  const value = decimals ? `${integer}.${decimals}` : integer;
  return sign && value !== '0' ? `-${value}` : value;
};
