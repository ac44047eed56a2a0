import { describe, expect, it } from 'vitest';
import { findPlan } from '@billbridge/contract';
import { addressElementOptions, billingDetailsOf, paymentElementsOptions } from './payment-form-options.ts';

const pro = findPlan('pro');

describe('payment form options (spec §9)', () => {
  it('ask for a subscription of the plan price in cents, in usd, by card, in the UI language', () => {
    if (!pro) throw new Error('The pro plan is configured.');
    expect(paymentElementsOptions(pro, 'en')).toEqual({
      mode: 'subscription',
      amount: 4900,
      currency: 'usd',
      locale: 'en',
      allowedPaymentMethodTypes: ['card'],
      paymentMethodCreation: 'manual',
    });
    expect(paymentElementsOptions(pro, 'zh').locale).toBe('zh');
  });

  it('require the phone and start in CN for Chinese, else US', () => {
    const english = addressElementOptions('en');
    expect(english.mode).toBe('billing');
    expect(english.fields).toEqual({ phone: 'always' });
    expect(english.validation).toEqual({ phone: { required: 'always' } });
    expect(english.defaultValues).toEqual({ address: { country: 'US' } });
    expect(addressElementOptions('zh').defaultValues).toEqual({ address: { country: 'CN' } });
  });

  it('prefill stored billing details', () => {
    const stored = {
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      address: {
        line1: '1 Analytical St',
        city: 'London',
        state: '',
        postal_code: 'N1 9GU',
        country: 'GB',
      },
    };
    expect(addressElementOptions('zh', stored).defaultValues).toEqual({
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      address: { ...stored.address, line2: null },
    });
  });

  it('turn the address element value into billing details, an empty line 2 left out', () => {
    const address = {
      line1: '1 Main St',
      line2: '',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      country: 'US',
    };
    expect(billingDetailsOf({ name: 'Ann', phone: '+1 555 0100', address }).address.line2).toBeNull();
    expect(billingDetailsOf({ name: 'Ann', address }).phone).toBe('');
  });
});
