import { describe, expect, it } from 'vitest';
import { findPlan, isSelectablePlan, planList, plans, syncCapOf } from './plans.ts';

describe('the plans', () => {
  it('carry the prices, included events and overage of the spec table', () => {
    const table = planList.map(
      ({ id, price, includedSyncEvents, overagePricePerEvent, popular, legacy, free }) => ({
        id,
        price,
        includedSyncEvents,
        overagePricePerEvent,
        popular,
        legacy,
        free,
      }),
    );
    expect(table).toEqual([
      {
        id: 'free',
        price: 0,
        includedSyncEvents: 1000,
        overagePricePerEvent: null,
        popular: false,
        legacy: false,
        free: true,
      },
      {
        id: 'pro',
        price: 49,
        includedSyncEvents: 10000,
        overagePricePerEvent: 0.01,
        popular: true,
        legacy: false,
        free: false,
      },
      {
        id: 'business',
        price: 299,
        includedSyncEvents: 100000,
        overagePricePerEvent: 0.005,
        popular: false,
        legacy: false,
        free: false,
      },
      {
        id: 'enterprise',
        price: null,
        includedSyncEvents: null,
        overagePricePerEvent: null,
        popular: false,
        legacy: false,
        free: false,
      },
      {
        id: 'gold',
        price: null,
        includedSyncEvents: null,
        overagePricePerEvent: null,
        popular: false,
        legacy: true,
        free: false,
      },
    ]);
  });

  it('give every plan a title, a description and features to translate', () => {
    for (const plan of planList) {
      expect(plan.titleKey).toMatch(/^plans\./);
      expect(plan.descriptionKeys.length).toBeGreaterThan(0);
      expect(plan.featureKeys.length).toBeGreaterThan(0);
      expect(plan.currency).toBe('usd');
    }
  });

  it('give paid plans a monthly and a metered Stripe price', () => {
    for (const plan of [plans.pro, plans.business]) {
      expect(plan.priceId).toMatch(/^price_/);
      expect(plan.meteredPriceId).toMatch(/^price_/);
      expect(plan.priceId).not.toBe(plan.meteredPriceId);
    }
    expect(plans.free.priceId).toBeNull();
  });

  it('let users pick free, pro and business but not enterprise or legacy gold', () => {
    expect(planList.filter(isSelectablePlan).map((plan) => plan.id)).toEqual(['free', 'pro', 'business']);
  });

  it('find a plan by id and nothing for an unknown or inherited name', () => {
    expect(findPlan('pro')?.price).toBe(49);
    expect(findPlan('platinum')).toBeUndefined();
    expect(findPlan('constructor')).toBeUndefined();
  });

  it('pause only the plans that bill no overage, at their included events', () => {
    expect(syncCapOf('free')).toBe(1_000);
    expect(syncCapOf('pro')).toBeUndefined();
    expect(syncCapOf('enterprise')).toBeUndefined();
    expect(syncCapOf('platinum')).toBeUndefined();
  });
});
