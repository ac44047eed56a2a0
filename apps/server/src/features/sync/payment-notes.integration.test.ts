import { readdirSync, readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import { toggleOffReason, type Destination } from '@billbridge/contract';
import { crmEngagement, source, type ActivityRow } from '../../db/schema.ts';
import {
  billingSubscriptionOf,
  failedChargeOf,
  invoiceOf,
  postWebhook,
  seedSyncedWorkspace,
  syncBed,
  settledActivity,
  stripeEventOf,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { callFunction } from '../../testing/users.ts';

/** Issue 33 §4: failed payments, refunds and disputes become HubSpot notes, once per Stripe event. */
describe('Payment trouble in the CRM', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let stop: () => Promise<void>;
  let world: SyncedWorkspace;
  let created = 1_764_000_000;

  const deliver = async (event: ReturnType<typeof stripeEventOf>): Promise<ActivityRow> => {
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    return settledActivity(t, event.id);
  };
  const eventOf = (type: string, object: Record<string, unknown>) => {
    created += 10;
    return stripeEventOf({ account: world.account, type, object, created });
  };
  const sync = (type: string, object: Record<string, unknown>) => deliver(eventOf(type, object));
  const records = (type: 'contacts' | 'deals' | 'invoices' | 'notes' | 'tasks') =>
    sandbox.hubspotState.records(world.portalId, type);
  const byStripeId = (type: 'deals' | 'invoices', id: string) =>
    records(type).find((record) => record.properties.billbridge_stripe_id === id);
  const contactOf = (customerId: string) =>
    records('contacts').find((record) => record.properties.billbridge_stripe_customer_id === customerId);
  const associated = (from: 'notes' | 'tasks', id: string, to: 'contacts' | 'deals' | 'invoices') =>
    sandbox.hubspotState.associations(world.portalId, from, id, to).map((association) => association.id);
  const notesMentioning = (text: string) =>
    records('notes').filter((note) => note.properties.hs_note_body?.includes(text));

  /** A customer with a billing subscription (its deal) and an open renewal invoice, all synced. */
  const customerWithRenewal = async (customerId: string) => {
    await sync('customer.created', {
      id: customerId,
      object: 'customer',
      email: `${customerId}@example.com`,
    });
    await sync('customer.subscription.created', billingSubscriptionOf(`sub_${customerId}`, customerId));
    await sync(
      'invoice.finalized',
      invoiceOf(`in_${customerId}`, customerId, `sub_${customerId}`, 'open', { amount: 4900 }),
    );
  };
  const failedInvoice = (customerId: string, nextAttempt = Date.UTC(2026, 11, 3, 9) / 1000) => ({
    ...invoiceOf(`in_${customerId}`, customerId, `sub_${customerId}`, 'open', { amount: 4900 }),
    attempt_count: 1,
    next_payment_attempt: nextAttempt,
  });
  const saveTasksSetting = async (on: boolean) => {
    const ids = { subscriptionId: world.subscriptionId, destinationId: world.destinationId };
    const read = await callFunction(t.app, 'getDestination', ids, world.owner);
    const destination = read.body.result as Destination;
    const saved = await callFunction(
      t.app,
      'saveDestination',
      {
        ...ids,
        name: destination.name,
        enabled: true,
        settings: { ...destination.settings, tasks_on_failed_payment: on },
      },
      world.owner,
    );
    expect(saved.status).toBe(200);
  };

  beforeAll(async () => {
    ({ t, sandbox, stop } = await syncBed());
    world = await seedSyncedWorkspace(t);
  });
  afterAll(() => stop());

  it('writes one note on the contact, deal and invoice of a failed invoice payment, with amount, reason and retry date', async () => {
    await customerWithRenewal('cus_ada');
    await sync('charge.failed', failedChargeOf('cus_ada'));
    const event = eventOf('invoice.payment_failed', failedInvoice('cus_ada'));
    expect(await deliver(event)).toMatchObject({ status: 'success' });

    const [note, ...others] = notesMentioning('invoice INV-');
    expect(others).toEqual([]);
    expect(note?.properties.hs_note_body).toBe(
      `Payment of $49.00 for invoice INV-cus_ada failed (attempt 1). Reason: Your card has insufficient funds. (insufficient funds). Stripe retries on 3 Dec 2026. (Stripe event ${event.id})`,
    );
    expect(associated('notes', note?.id ?? '', 'contacts')).toEqual([contactOf('cus_ada')?.id]);
    expect(associated('notes', note?.id ?? '', 'deals')).toEqual([byStripeId('deals', 'sub_cus_ada')?.id]);
    expect(associated('notes', note?.id ?? '', 'invoices')).toEqual([
      byStripeId('invoices', 'in_cus_ada')?.id,
    ]);

    // The same event delivered again, and replayed through the inbox under a new id: still one note.
    await postWebhook(t, JSON.stringify(event));
    await sync('invoice.updated', failedInvoice('cus_ada'));
    expect(notesMentioning(event.id)).toHaveLength(1);
    expect(records('tasks')).toEqual([]);
  });

  it('writes a note for a refund and for a dispute opened and closed', async () => {
    await customerWithRenewal('cus_bo');
    const charge = {
      ...failedChargeOf('cus_bo'),
      id: 'ch_paid_bo',
      status: 'succeeded',
      failure_code: null,
      failure_message: null,
      outcome: null,
    };
    await sync('charge.succeeded', charge);
    await sync('charge.refunded', {
      ...charge,
      amount_refunded: 1500,
      refunds: { data: [{ reason: 'requested_by_customer' }] },
    });
    const dispute = {
      id: 'dp_bo',
      object: 'dispute',
      amount: 4900,
      currency: 'usd',
      charge: 'ch_paid_bo',
      reason: 'product_not_received',
      status: 'needs_response',
      evidence_details: { due_by: Date.UTC(2026, 11, 10) / 1000 },
    };
    await sync('charge.dispute.created', dispute);
    await sync('charge.dispute.closed', { ...dispute, status: 'lost' });

    const contact = contactOf('cus_bo')?.id;
    const texts = notesMentioning('ch_paid_bo').map((note) => {
      expect(associated('notes', note.id, 'contacts')).toEqual([contact]);
      return note.properties.hs_note_body?.replace(/ \(Stripe event .*\)$/, '');
    });
    expect(texts.sort()).toEqual([
      'Refunded $15.00 of a $49.00 payment (charge ch_paid_bo). Reason: requested by customer.',
      'The customer disputed a payment of $49.00 (charge ch_paid_bo). Reason: product not received. Evidence is due by 10 Dec 2026.',
      'The dispute of a $49.00 payment (charge ch_paid_bo) closed: lost. Reason: product not received.',
    ]);
  });

  it('creates a task for the deal owner when the destination asks for it', async () => {
    await saveTasksSetting(true);
    await customerWithRenewal('cus_cy');
    const deal = byStripeId('deals', 'sub_cus_cy');
    const hubspot = new Client({
      accessToken: sandbox.hubspotState.issueToken(world.portalId).accessToken,
      basePath: sandbox.hubspot.url,
    });
    await hubspot.crm.deals.basicApi.update(deal?.id ?? '', { properties: { hubspot_owner_id: '71001' } });
    // HubSpot out of reach for the task after the note was written: the event is tried again, and
    // the note it already made is not made twice.
    const outage = sandbox.faults.add({
      service: 'hubspot',
      path: '/crm/v3/objects/tasks/batch/create',
      status: 503,
      times: 4,
      tenant: String(world.portalId),
    });
    const event = eventOf('invoice.payment_failed', failedInvoice('cus_cy'));
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    await settledActivity(t, event.id, (row) => row.status === 'success');
    // A rule leaves the injector once its `times` are used: every one of the four tries met the outage.
    expect(sandbox.faults.list().map((fault) => fault.id)).not.toContain(outage);
    expect(notesMentioning(event.id)).toHaveLength(1);

    const [task, ...others] = records('tasks');
    expect(others).toEqual([]);
    expect(task?.properties).toMatchObject({
      hs_task_subject: 'Payment of $49.00 failed — Stripe retries on 3 Dec',
      hubspot_owner_id: '71001',
      hs_task_status: 'NOT_STARTED',
    });
    expect(associated('tasks', task?.id ?? '', 'deals')).toEqual([deal?.id]);
    expect(associated('tasks', task?.id ?? '', 'contacts')).toEqual([contactOf('cus_cy')?.id]);
    await saveTasksSetting(false);
  });

  it('writes nothing with the payments toggle off', async () => {
    await customerWithRenewal('cus_di');
    await t.context.database.db
      .update(source)
      .set({ settings: { sync: { payments: false } } })
      .where(eq(source.id, world.sourceId));
    const before = records('notes').length;
    expect(await sync('charge.failed', failedChargeOf('cus_di'))).toMatchObject({
      status: 'warning',
      reason: toggleOffReason('payments'),
    });
    expect(records('notes')).toHaveLength(before);
    await t.context.database.db.update(source).set({ settings: {} }).where(eq(source.id, world.sourceId));
  });

  it('keeps the customer of every note and task, and finds it for those written before it was kept', async () => {
    const { db } = t.context.database;
    const customers = () =>
      db
        .select({ event: crmEngagement.stripeEventId, customer: crmEngagement.stripeCustomerId })
        .from(crmEngagement)
        .where(eq(crmEngagement.destinationId, world.destinationId))
        .orderBy(asc(crmEngagement.stripeEventId), asc(crmEngagement.crmObjectType));
    const kept = await customers();
    expect(new Set(kept.map((row) => row.customer))).toEqual(new Set(['cus_ada', 'cus_bo', 'cus_cy']));

    // As written before decision 079; then the migration's backfill statement (its last one).
    await db.update(crmEngagement).set({ stripeCustomerId: null });
    const folder = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('_engagement_customer.sql')) ?? '';
    const backfill = readFileSync(new URL(file, folder), 'utf8').split('--> statement-breakpoint').at(-1);
    await db.execute(sql.raw(backfill ?? ''));
    expect(await customers()).toEqual(kept);
  });
});
