import { describe, expect, it } from 'vitest';
import type { StripeEventRow } from '../../db/schema.ts';
import { planRound } from './plan-round.ts';

let nextId = 1;
const event = (type: string, object: Record<string, unknown>, created: number): StripeEventRow => ({
  id: nextId++,
  accountId: 'acct_1',
  eventId: `evt_${nextId}`,
  type,
  livemode: false,
  created,
  objectId: String(object.id),
  payload: { data: { object } },
  sourceId: 'source-1',
  subscriptionId: 'workspace-1',
  state: 'ready',
  attempts: 0,
  notBefore: null,
  lastError: null,
  receivedAt: new Date(),
});

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
      { id: 'in_1', currency: 'usd', created: 100, status: 'paid', total: 100, customer: 'cus_9' },
      100,
    );
    const plan = planRound([payment, invoice], [], new Map());
    expect(plan.settled.get(payment.id)?.status).toBe('success');
    expect([...plan.missingCustomers.keys()]).toEqual(['cus_9']);
  });
});
