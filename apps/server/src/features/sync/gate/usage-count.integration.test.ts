import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { signUpUser, type TestUser } from '../../../testing/users.ts';
import { seedWorkspace } from '../../../testing/workspaces.ts';
import { countSyncEvents, countSyncEventsOf } from './usage-count.ts';

describe('counting sync events towards a period’s usage', () => {
  let t: TestApp;
  let owner: TestUser;
  const periodStart = new Date('2026-11-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Olga Owner' });
  });
  afterAll(() => t.close());

  const count = (id: string, cap: number | undefined, wanted: number) =>
    t.context.database.db.transaction((tx) => countSyncEvents(tx, id, periodStart, cap, wanted));

  it('counts up to the cap and no further, from the period’s first event on', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id);
    expect(await count(id, 10, 4)).toEqual({ counted: 4, total: 4, notifiedLevels: [] });
    expect(await count(id, 10, 4)).toMatchObject({ counted: 4, total: 8 });
    expect(await count(id, 10, 4)).toMatchObject({ counted: 2, total: 10 });
    expect(await count(id, 10, 4)).toMatchObject({ counted: 0, total: 10 });
    expect(await count(id, undefined, 5)).toMatchObject({ counted: 5, total: 15 });
  });

  it('clips the period’s first count at the cap', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id);
    expect(await count(id, 3, 5)).toMatchObject({ counted: 3, total: 3 });
  });

  it('never passes the cap with counters at once, the period’s row not there yet', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => count(id, 20, 3)));
    expect(results.map((result) => result.counted).sort()).toEqual([0, 2, 3, 3, 3, 3, 3, 3]);
    expect(Math.max(...results.map((result) => result.total))).toBe(20);
  });

  it('counts several workspaces in one go, each against its own cap, a period’s first count too', async () => {
    const [first, near, uncapped] = await Promise.all(
      Array.from({ length: 3 }, () => seedWorkspace(t.context.database.db, owner.id)),
    );
    if (!first || !near || !uncapped) throw new Error('workspaces not seeded');
    await count(near, 10, 8);
    await count(uncapped, undefined, 100);
    const counted = await t.context.database.db.transaction((tx) =>
      countSyncEventsOf(tx, [
        { subscriptionId: first, periodStart, cap: 10, wanted: 4 },
        { subscriptionId: near, periodStart, cap: 10, wanted: 4 },
        { subscriptionId: uncapped, periodStart, cap: undefined, wanted: 4 },
      ]),
    );
    expect(Object.fromEntries(counted)).toEqual({
      [first]: { counted: 4, total: 4, notifiedLevels: [] },
      [near]: { counted: 2, total: 10, notifiedLevels: [] },
      [uncapped]: { counted: 4, total: 104, notifiedLevels: [] },
    });
    expect(await count(near, 10, 1)).toMatchObject({ counted: 0, total: 10 });
  });
});
