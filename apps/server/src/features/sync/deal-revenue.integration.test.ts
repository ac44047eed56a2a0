import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { revenueProperties as p, stripeIdProperty } from '@billbridge/contract';
import {
  postWebhook,
  seedSyncedWorkspace,
  settledActivity,
  stripeEventOf,
  syncBed,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';

const start = 1_764_547_200; // 2025-12-01, midnight UTC

type Shape = {
  amount?: number;
  interval?: string;
  count?: number;
  quantity?: number;
  metered?: boolean;
  tiers?: { up_to: number | null; unit_amount: number; flat_amount: number | null }[];
  tiersMode?: 'volume' | 'graduated';
};

/** A billing subscription as Stripe sends it, one item per shape, with `extra` fields (coupons, an end date). */
const subscriptionOf = (
  id: string,
  customer: string,
  shapes: Shape[],
  extra: Record<string, unknown> = {},
) => ({
  id,
  object: 'subscription',
  status: 'active',
  currency: 'usd',
  customer,
  start_date: start,
  cancel_at: null,
  discounts: [],
  items: {
    data: shapes.map((shape, index) => ({
      id: `si_${id.slice(4)}_${index}`,
      ...(shape.metered ? {} : { quantity: shape.quantity ?? 1 }),
      discounts: [],
      price: {
        id: `price_${id}_${index}`,
        product: `prod_${id}`,
        nickname: null,
        currency: 'usd',
        unit_amount: shape.tiers ? null : (shape.amount ?? 0),
        billing_scheme: shape.tiers ? 'tiered' : 'per_unit',
        tiers_mode: shape.tiers ? (shape.tiersMode ?? 'volume') : null,
        tiers: shape.tiers,
        recurring: {
          interval: shape.interval ?? 'month',
          interval_count: shape.count ?? 1,
          usage_type: shape.metered ? 'metered' : 'licensed',
        },
      },
    })),
  },
  ...extra,
});

/**
 * Issue 33 §3: a deal's MRR, ARR, ACV and TCV are HubSpot's, calculated from the line items the
 * sync writes — for every Stripe price shape they must be the billing subscription's own value,
 * the same monthly amount the contact's revenue figures count (decision 073).
 */
describe('Deal revenue HubSpot calculates from line items', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;
  let world: SyncedWorkspace;
  let hubspot: Client;
  let created = 1_764_600_000;

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
    world = await seedSyncedWorkspace(t);
    const token = sandbox.hubspotState.issueToken(world.portalId);
    hubspot = new Client({ accessToken: token.accessToken, basePath: sandbox.hubspot.url });
  });
  afterAll(() => stop());

  const sync = async (type: string, object: Record<string, unknown>) => {
    const event = stripeEventOf({ account: world.account, type, object, created: (created += 10) });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    const row = await settledActivity(t, event.id);
    expect(row.status).toBe('success');
  };

  /** Syncs a customer and its subscription, then reads the deal's figures over HubSpot's API. */
  const dealRevenueOf = async (id: string, shapes: Shape[], extra: Record<string, unknown> = {}) => {
    const customer = `cus_${id.slice(4)}`;
    await sync('customer.created', { id: customer, object: 'customer', email: `${customer}@example.com` });
    await sync('customer.subscription.created', subscriptionOf(id, customer, shapes, extra));
    const deal = await hubspot.crm.deals.basicApi.getById(
      id,
      ['hs_mrr', 'hs_arr', 'hs_acv', 'hs_tcv'],
      undefined,
      undefined,
      false,
      stripeIdProperty,
    );
    const contact = sandbox.hubspotState
      .records(world.portalId, 'contacts')
      .find((record) => record.properties.billbridge_stripe_customer_id === customer);
    const figures = Object.fromEntries(
      Object.entries(deal.properties)
        .filter(([name]) => name.startsWith('hs_') && name !== 'hs_object_id' && !name.includes('date'))
        .map(([name, value]) => [name, Number(value)]),
    );
    return { ...figures, contactMrr: contact?.properties[p.mrr] };
  };

  const expectFigures = (
    figures: Record<string, unknown>,
    { mrr, tcv = mrr * 12, acv = Math.min(tcv, mrr * 12) }: { mrr: number; tcv?: number; acv?: number },
  ) => {
    expect(figures.hs_mrr).toBeCloseTo(mrr, 5);
    expect(figures.hs_arr).toBeCloseTo(mrr * 12, 5);
    expect(figures.hs_acv).toBeCloseTo(acv, 5);
    expect(figures.hs_tcv).toBeCloseTo(tcv, 5);
    // The contact's MRR (decision 073) is the same monthly value, to the cent.
    expect(figures.contactMrr).toBe(mrr.toFixed(2));
  };

  it.each([
    ['monthly', [{ amount: 2000 }], 20],
    ['yearly, 3 seats', [{ amount: 12_000, interval: 'year', quantity: 3 }], 30],
    ['every 2 weeks', [{ amount: 5200, interval: 'week', count: 2 }], (52 * 26) / 12],
    ['every 3 weeks', [{ amount: 3000, interval: 'week', count: 3 }], (10 * 52) / 12],
    ['every 3 months', [{ amount: 9000, interval: 'month', count: 3 }], 30],
    ['every 2 months', [{ amount: 2000, interval: 'month', count: 2 }], 10],
    ['every 30 days', [{ amount: 3000, interval: 'day', count: 30 }], (30 * 365) / 12 / 30],
    ['per seat, 7 seats', [{ amount: 1200, quantity: 7 }], 84],
    ['metered beside a fixed fee', [{ amount: 5, metered: true }, { amount: 1000 }], 10],
    [
      'volume tiers, 12 seats',
      [
        {
          quantity: 12,
          tiers: [
            { up_to: 10, unit_amount: 1000, flat_amount: null },
            { up_to: null, unit_amount: 800, flat_amount: 500 },
          ],
        },
      ],
      101,
    ],
    [
      'graduated tiers, 12 seats',
      [
        {
          quantity: 12,
          tiersMode: 'graduated' as const,
          tiers: [
            { up_to: 10, unit_amount: 1000, flat_amount: null },
            { up_to: null, unit_amount: 800, flat_amount: 500 },
          ],
        },
      ],
      121,
    ],
  ] as [string, Shape[], number][])('%s', async (label, shapes, mrr) => {
    const id = `sub_${label.replace(/\W+/g, '_')}`;
    expectFigures(await dealRevenueOf(id, shapes), { mrr });
  });

  it('takes coupons off: a percentage, then a fixed amount once a period', async () => {
    const discounts = [
      { id: 'di_pct', source: { type: 'coupon', coupon: { id: 'pct', percent_off: 25, amount_off: null } } },
      {
        id: 'di_fix',
        source: {
          type: 'coupon',
          coupon: { id: 'fix', percent_off: null, amount_off: 6000, currency: 'usd' },
        },
      },
    ];
    // 3 × 120.00 a quarter = 360.00, − 25 % = 270.00, − 60.00 = 210.00 a quarter: 70.00 a month.
    const figures = await dealRevenueOf(
      'sub_coupons',
      [{ amount: 12_000, interval: 'month', count: 3, quantity: 3 }],
      { discounts },
    );
    expectFigures(figures, { mrr: 70 });
    const legacy = await dealRevenueOf('sub_legacy', [{ amount: 4000 }], {
      discount: { id: 'di_old', coupon: { id: 'half', percent_off: 50, amount_off: null } },
    });
    expectFigures(legacy, { mrr: 20 });
  });

  it('counts a subscription that ends on a date for its term only', async () => {
    // Monthly at 10.00, ending after 6 months: TCV 60.00, ACV 60.00, ARR still 120.00.
    const figures = await dealRevenueOf('sub_term', [{ amount: 1000 }], {
      cancel_at: Date.UTC(2026, 5, 1) / 1000,
    });
    expectFigures(figures, { mrr: 10, tcv: 60, acv: 60 });
  });

  it('follows an upgrade: the deal is recalculated from its new line items', async () => {
    await dealRevenueOf('sub_upgrade', [{ amount: 1000 }]);
    await sync(
      'customer.subscription.updated',
      subscriptionOf('sub_upgrade', 'cus_upgrade', [{ amount: 1000, quantity: 4 }]),
    );
    const deal = await hubspot.crm.deals.basicApi.getById(
      'sub_upgrade',
      ['hs_mrr'],
      undefined,
      undefined,
      false,
      stripeIdProperty,
    );
    expect(deal.properties.hs_mrr).toBe('40');
  });
});
