import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityReasons } from '@billbridge/contract';
import { activity, source, stripeEvent } from '../db/schema.ts';
import { postWebhook, seedSource, signatureOf, stripeEventOf } from '../testing/sync.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { waitFor } from '../testing/wait.ts';
import { signUpUser } from '../testing/users.ts';
import { seedWorkspace } from '../testing/workspaces.ts';

describe('POST /webhooks/stripe', () => {
  let t: TestApp;
  let subscriptionId: string;
  const account = 'acct_1WebhookTests0001';

  const storedEvents = async () => t.context.database.db.select().from(stripeEvent);
  const drainJobs = async () =>
    (await t.context.queue.boss.findJobs('sync.drain', { queued: true })) as unknown[];

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signUpUser(t.app);
    subscriptionId = await seedWorkspace(t.context.database.db, owner.id);
    await seedSource(t.context, subscriptionId, account);
  });
  afterAll(() => t.close());

  it('stores a signed event, answers 200 and asks for a drain of its workspace', async () => {
    const before = (await storedEvents()).length;
    const event = stripeEventOf({ account });
    const response = await postWebhook(t, JSON.stringify(event));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const rows = await storedEvents();
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((row) => row.eventId === event.id)).toMatchObject({ state: 'received', subscriptionId });
    await waitFor(async () => (await drainJobs()).length > 0, { what: 'a queued drain' });
  });

  it.each([
    ['a wrong signature', (body: string) => ({ body, signature: signatureOf(t.context, `${body} `) })],
    [
      'a body changed by one byte',
      (body: string) => ({
        body: body.replace('"event"', '"evenT"'),
        signature: signatureOf(t.context, body),
      }),
    ],
    [
      'a timestamp 301 s old',
      (body: string) => ({
        body,
        signature: signatureOf(t.context, body, Math.floor(Date.now() / 1000) - 301),
      }),
    ],
    [
      'a timestamp 301 s ahead',
      (body: string) => ({
        body,
        signature: signatureOf(t.context, body, Math.floor(Date.now() / 1000) + 301),
      }),
    ],
    ['no signature', (body: string) => ({ body, signature: '' })],
  ])('refuses %s with 400 and stores nothing', async (_label, tamper) => {
    const before = (await storedEvents()).length;
    const { body, signature } = tamper(JSON.stringify(stripeEventOf({ account })));
    const response = await postWebhook(t, body, signature || null);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
    expect(await storedEvents()).toHaveLength(before);
  });

  it('refuses a correctly signed body that is not JSON, and one over 1 MB', async () => {
    const before = (await storedEvents()).length;
    expect((await postWebhook(t, '{"id": "evt_1", nope')).statusCode).toBe(400);
    const huge = JSON.stringify(
      stripeEventOf({ account, object: { id: 'cus_big', padding: 'x'.repeat(1024 * 1024) } }),
    );
    const response = await postWebhook(t, huge);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await storedEvents()).toHaveLength(before);
  });

  it('keeps one event when the same one arrives 5 times in a row and 5 times at once', async () => {
    const event = stripeEventOf({ account });
    const body = JSON.stringify(event);
    for (let i = 0; i < 5; i++) expect((await postWebhook(t, body)).statusCode).toBe(200);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => postWebhook(t, body)));
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = (await storedEvents()).filter((row) => row.eventId === event.id);
    expect(rows).toHaveLength(1);
  });

  it('answers each of the deliveries that arrive at once with its own outcome', async () => {
    const known = stripeEventOf({ account });
    expect((await postWebhook(t, JSON.stringify(known))).statusCode).toBe(200);
    const fresh = Array.from({ length: 8 }, () => stripeEventOf({ account }));
    const stranger = stripeEventOf({ account: 'acct_1StrangerAtOnce001' });
    const twice = stripeEventOf({ account });
    const bodies = [...fresh, stranger, known, twice, twice].map((event) => JSON.stringify(event));
    const answers = await Promise.all(bodies.map((body) => postWebhook(t, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 200));
    const duplicates = answers.map((answer) => (answer.json() as { duplicate: boolean }).duplicate);
    expect(duplicates.slice(0, 10)).toEqual([...fresh.map(() => false), false, true]);
    expect(duplicates.slice(10).sort()).toEqual([false, true]);
    const rows = await storedEvents();
    for (const event of [...fresh, twice])
      expect(rows.filter((row) => row.eventId === event.id)).toMatchObject([
        { state: 'received', subscriptionId },
      ]);
    expect(rows.find((row) => row.eventId === stranger.id)).toMatchObject({
      state: 'ignored',
      lastError: 'No source is connected to this Stripe account',
    });
  });

  it('keeps raw only the delivery the database cannot store when others arrive with it', async () => {
    const good = stripeEventOf({ account });
    const badEvent = stripeEventOf({ account });
    // JSON allows any number; PostgreSQL's jsonb holds none this large.
    const bad = JSON.stringify(badEvent).replace('"object":"event"', '"object":"event","x":1e999999');
    const answers = await Promise.all([postWebhook(t, JSON.stringify(good)), postWebhook(t, bad)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await storedEvents();
    expect(rows.find((row) => row.eventId === good.id)).toMatchObject({
      state: 'received',
      rawPayload: null,
    });
    expect(rows.find((row) => row.eventId === badEvent.id)).toMatchObject({
      state: 'ignored',
      rawPayload: bad,
    });
  });

  it('records an event of an unknown account and answers 200 without syncing it', async () => {
    const event = stripeEventOf({ account: 'acct_1NobodyKnowsThis' });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    const [row] = await t.context.database.db
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.eventId, event.id));
    expect(row).toMatchObject({ state: 'ignored', subscriptionId: null });
  });

  it('does not sync a test-mode event on a live source', async () => {
    const live = 'acct_1LiveAccount000001';
    await seedSource(t.context, subscriptionId, live, { livemode: true });
    const event = stripeEventOf({ account: live, livemode: false });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    const [row] = await t.context.database.db
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.eventId, event.id));
    expect(row).toMatchObject({ state: 'ignored', lastError: 'Test-mode event on a live source' });
  });

  it('marks the source as needing a reconnection when the account deauthorizes Billbridge, keeping its switch', async () => {
    const leaving = 'acct_1LeavingAccount001';
    const sourceId = await seedSource(t.context, subscriptionId, leaving);
    const event = stripeEventOf({
      account: leaving,
      type: 'account.application.deauthorized',
      object: { id: 'ca_sandbox', object: 'application' },
    });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    const [row] = await t.context.database.db.select().from(source).where(eq(source.id, sourceId));
    expect(row).toMatchObject({ accountId: null, enabled: true });
    expect(row?.connectionLostAt).toBeInstanceOf(Date);
  });

  it.each([
    ['U+0000', '"Nul\\u0000Name"'],
    ['a lone surrogate escape', '"Half\\ud83dName"'],
    ['a number beyond numeric’s range', '1e999999'],
  ])(
    'answers 200 to an event whose object holds %s, keeps its body raw and logs it as failed, unsynced',
    async (_, unstorable) => {
      const customer = {
        id: 'cus_Esc000000001',
        object: 'customer',
        email: 'esc@example.com',
        name: 'PLACEHOLDER',
      };
      const event = stripeEventOf({ account, type: 'customer.created', object: customer });
      const body = JSON.stringify(event).replace('"PLACEHOLDER"', unstorable);
      expect((await postWebhook(t, body)).statusCode).toBe(200);
      const [row] = await t.context.database.db
        .select()
        .from(stripeEvent)
        .where(eq(stripeEvent.eventId, event.id));
      expect(row).toMatchObject({
        state: 'ignored',
        rawPayload: body,
        lastError: activityReasons.unstorableBody,
      });
      // Only the envelope is kept as jsonb: none of the object's fields, altered or not.
      expect(row?.payload.data.object).toEqual({ id: customer.id, object: 'customer' });
      const logged = await t.context.database.db
        .select()
        .from(activity)
        .where(eq(activity.eventId, event.id));
      expect(logged).toMatchObject([{ status: 'failure', reason: activityReasons.unstorableBody }]);
      // Stripe's retry of the same delivery is a duplicate, answered 200 again.
      expect((await postWebhook(t, body)).json()).toEqual({ received: true, duplicate: true });
    },
  );

  it('does not sync a live-mode event on a test-mode source', async () => {
    const test = 'acct_1TestModeAccount01';
    await seedSource(t.context, subscriptionId, test, { livemode: false });
    const event = stripeEventOf({ account: test, livemode: true });
    expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    const [row] = await t.context.database.db
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.eventId, event.id));
    expect(row).toMatchObject({ state: 'ignored', lastError: 'Live-mode event on a test-mode source' });
  });

  it('keeps the connection when a deauthorization is older than it, or of the other mode', async () => {
    const back = 'acct_1ReconnectedAcct01';
    const sourceId = await seedSource(t.context, subscriptionId, back);
    const connectedAt = new Date('2026-11-20T12:00:00Z');
    await t.context.database.db.update(source).set({ connectedAt }).where(eq(source.id, sourceId));
    const deauthorization = (created: number, livemode = false) =>
      stripeEventOf({
        account: back,
        type: 'account.application.deauthorized',
        object: { id: 'ca_sandbox', object: 'application' },
        created,
        livemode,
      });
    const stale = deauthorization(connectedAt.getTime() / 1000 - 60);
    const otherMode = deauthorization(connectedAt.getTime() / 1000 + 60, true);
    for (const event of [stale, otherMode]) {
      expect((await postWebhook(t, JSON.stringify(event))).statusCode).toBe(200);
    }
    const [row] = await t.context.database.db.select().from(source).where(eq(source.id, sourceId));
    expect(row).toMatchObject({ accountId: back, connectionLostAt: null });
    const stored = await storedEvents();
    expect(stored.find((event) => event.eventId === stale.id)).toMatchObject({
      state: 'ignored',
      lastError: 'Deauthorization sent before the account was connected again',
    });
    expect(stored.find((event) => event.eventId === otherMode.id)?.state).toBe('ignored');
  });
});

describe('POST /webhooks/stripe without a database', () => {
  it('answers 5xx, never 2xx', async () => {
    const t = await createTestApp();
    const body = JSON.stringify(stripeEventOf({ account: 'acct_1Whatever000000' }));
    await t.context.queue.stop();
    await t.context.database.close();
    const response = await postWebhook(t, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    await t.app.close();
  });
});
