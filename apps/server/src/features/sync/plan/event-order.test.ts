import { describe, expect, it } from 'vitest';
import type { PipelineMappingRule } from '@billbridge/contract';
import type { StripeEventRow } from '../../../db/schema.ts';
import { eventRowOf } from '../../../testing/event-rows.ts';
import { lifecycleRankOf } from './event-order.ts';
import { planRound, type Link } from './plan-round.ts';

const second = 1_790_000_000;
const event = (type: string, object: Record<string, unknown>) => eventRowOf(type, object, second);

const permutations = <T>(items: T[]): T[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((item, index) =>
        permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
      );

const invoice = (status: string) => ({
  id: 'in_1',
  object: 'invoice',
  currency: 'usd',
  created: second,
  status,
  total: 1000,
  customer: 'cus_1',
  lines: { data: [], has_more: false },
});

const subscription = (status: string) => ({
  id: 'sub_1',
  object: 'subscription',
  status,
  customer: 'cus_1',
  currency: 'usd',
  start_date: second,
  items: { data: [], has_more: false },
});

const rules: PipelineMappingRule[] = [
  {
    id: 'r1',
    stripe_subscription_status: 'trialing',
    price_ids: { mode: 'none', ids: [] },
    hubspot_pipeline: 'default',
    hubspot_stage: 'trial',
  },
  {
    id: 'r2',
    stripe_subscription_status: 'active',
    price_ids: { mode: 'none', ids: [] },
    hubspot_pipeline: 'default',
    hubspot_stage: 'won',
  },
];

/**
 * Delivers `events` one round each, in the order given, and returns the last record HubSpot got for
 * the object (links carried from round to round as the settle step saves them).
 */
const deliverOneByOne = (events: StripeEventRow[], objectType: 'invoices' | 'deals') => {
  const links = new Map<string, Link>();
  let written: Record<string, unknown> | undefined;
  for (const delivered of events) {
    const plan = planRound([delivered], rules, links);
    const record = plan.records.find((entry) => entry.objectType === objectType);
    if (!record) continue;
    written = { ...record.properties, status: record.status };
    links.set(`${objectType}:${record.stripeObjectId}`, {
      crmObjectId: '1',
      appliedEventCreated: record.eventCreated,
      appliedEventRank: record.eventRank ?? 0,
    });
  }
  return written;
};

describe('order within one second', () => {
  it('ranks an object’s states forward: draft, open, paid; created before updated before deleted', () => {
    const rank = (type: string, object: Record<string, unknown>) => lifecycleRankOf(event(type, object));
    expect(rank('invoice.created', invoice('draft'))).toBeLessThan(
      rank('invoice.finalized', invoice('open')),
    );
    expect(rank('invoice.finalized', invoice('open'))).toBeLessThan(rank('invoice.paid', invoice('paid')));
    expect(rank('invoice.marked_uncollectible', invoice('uncollectible'))).toBeLessThan(
      rank('invoice.paid', invoice('paid')),
    );
    expect(rank('customer.subscription.created', subscription('trialing'))).toBeLessThan(
      rank('customer.subscription.updated', subscription('trialing')),
    );
    expect(rank('customer.subscription.created', subscription('incomplete'))).toBeLessThan(
      rank('customer.subscription.updated', subscription('active')),
    );
    expect(rank('customer.subscription.updated', subscription('canceled'))).toBeLessThan(
      rank('customer.subscription.deleted', subscription('canceled')),
    );
    expect(rank('customer.created', { id: 'cus_1' })).toBeLessThan(rank('customer.updated', { id: 'cus_1' }));
  });

  const invoiceEvents = () => [
    event('invoice.created', invoice('draft')),
    event('invoice.finalized', invoice('open')),
    event('invoice.paid', invoice('paid')),
  ];

  it.each(permutations([0, 1, 2]))(
    'leaves the invoice paid whatever round brings created, finalized and paid (order %j)',
    (...order) => {
      const events = invoiceEvents();
      expect(
        deliverOneByOne(
          order.map((index) => events[index] as StripeEventRow),
          'invoices',
        ),
      ).toMatchObject({
        status: 'paid',
      });
    },
  );

  it.each(permutations([0, 1, 2]))(
    'plans paid for the three invoice events in one round (order %j)',
    (...order) => {
      const events = invoiceEvents();
      const plan = planRound(
        order.map((index) => events[index] as StripeEventRow),
        rules,
        new Map(),
      );
      expect(plan.records.find((record) => record.objectType === 'invoices')?.status).toBe('paid');
    },
  );

  const subscriptionEvents = () => [
    event('customer.subscription.created', subscription('trialing')),
    event('customer.subscription.updated', subscription('active')),
  ];

  it.each(permutations([0, 1]))(
    'leaves the deal in the stage of the updated billing subscription, rounds in any order (order %j)',
    (...order) => {
      const events = subscriptionEvents();
      expect(
        deliverOneByOne(
          order.map((index) => events[index] as StripeEventRow),
          'deals',
        ),
      ).toMatchObject({
        dealstage: 'won',
      });
    },
  );

  it.each(permutations([0, 1]))('plans the updated state for both in one round (order %j)', (...order) => {
    const events = subscriptionEvents();
    const plan = planRound(
      order.map((index) => events[index] as StripeEventRow),
      rules,
      new Map(),
    );
    expect(plan.records.find((record) => record.objectType === 'deals')?.properties.dealstage).toBe('won');
  });
});
