import { describe, expect, it } from 'vitest';
import { eventRowOf } from '../../../testing/event-rows.ts';
import { planRound } from './plan-round.ts';

const event = eventRowOf;

const customer = (email: string) => ({ id: 'cus_1', object: 'customer', email, name: null, phone: null });

describe('planRound', () => {
  it('writes the newest state of an object once, for every event of it', () => {
    const older = event('customer.updated', customer('old@example.com'), 100);
    const newest = event('customer.updated', customer('new@example.com'), 200);
    const plan = planRound([newest, older], [], new Map());
    expect(plan.records).toHaveLength(1);
    expect(plan.records[0]).toMatchObject({ id: 'new@example.com', eventCreated: 200 });
    expect(plan.records[0]?.eventRowIds.sort()).toEqual([newest.id, older.id].sort());
  });

  it('never lets an older event overwrite a state applied in an earlier round', () => {
    const late = event('customer.updated', customer('old@example.com'), 100);
    const plan = planRound(
      [late],
      [],
      new Map([['contacts:cus_1', { crmObjectId: '501', appliedEventCreated: 150 }]]),
    );
    expect(plan.records).toEqual([]);
    expect(plan.settled.get(late.id)).toEqual({
      status: 'success',
      reason: 'A newer state of this object is already in HubSpot',
    });
  });

  it('settles events with nothing to write, and asks for customers it has no contact for', () => {
    const payment = event('payment_intent.succeeded', { id: 'pi_1' }, 100);
    const invoice = event(
      'invoice.paid',
      {
        id: 'in_1',
        currency: 'usd',
        created: 100,
        status: 'paid',
        total: 100,
        customer: 'cus_9',
        lines: { data: [], has_more: false },
      },
      100,
    );
    const plan = planRound([payment, invoice], [], new Map());
    expect(plan.settled.get(payment.id)?.status).toBe('success');
    expect([...plan.missingCustomers.keys()]).toEqual(['cus_9']);
  });

  it('only moves the status of an invoice HubSpot has finalized; a draft is written whole', () => {
    const paid = () =>
      event(
        'invoice.paid',
        {
          id: 'in_5',
          currency: 'usd',
          created: 100,
          status: 'paid',
          customer: 'cus_5',
          lines: {
            data: [
              {
                id: 'il_5',
                amount: 100,
                currency: 'usd',
                quantity: 1,
                pricing: null,
                period: { start: 100, end: 200 },
              },
            ],
            has_more: false,
          },
        },
        100,
      );
    const linked = (rank: number) =>
      new Map([['invoices:in_5', { crmObjectId: '901', appliedEventCreated: 100, appliedEventRank: rank }]]);
    const open = planRound([paid()], [], linked(3));
    expect(open.records).toEqual([
      expect.objectContaining({ objectType: 'invoices', status: 'paid', statusOnly: true }),
    ]);
    expect(open.associations).toEqual([]);
    const draft = planRound([paid()], [], linked(0));
    expect(draft.records.map((record) => record.objectType).sort()).toEqual(['invoices', 'line_items']);
    expect(draft.associations).toHaveLength(1);
  });
});
