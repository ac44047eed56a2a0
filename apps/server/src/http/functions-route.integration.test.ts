import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, defineFunction } from '@billbridge/contract';
import { queryRows } from '../db/client.ts';
import type { FunctionRegistry } from '../functions/framework.ts';
import { functionRegistry } from '../main/function-registry.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { callFunction, signUpUser, type TestUser } from '../testing/users.ts';
import { seedWorkspace } from '../testing/workspaces.ts';

/** Functions that exist only to exercise the framework's failure paths. */
const frameworkProbes: FunctionRegistry = {
  explode: {
    contract: defineFunction({ name: 'explode', input: z.object({}), output: z.null(), requires: 'public' }),
    handler: async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    },
  },
  refuse: {
    contract: defineFunction({ name: 'refuse', input: z.object({}), output: z.null(), requires: 'public' }),
    handler: async () => {
      throw new AppError('already-exists', 'This email already has a pending invite');
    },
  },
  ownerOnly: {
    contract: defineFunction({
      name: 'ownerOnly',
      input: z.object({ subscriptionId: z.string() }),
      output: z.literal('ok'),
      requires: { allOf: ['owner'] },
    }),
    handler: async () => 'ok',
  },
  adminOrOwner: {
    contract: defineFunction({
      name: 'adminOrOwner',
      input: z.object({ subscriptionId: z.string() }),
      output: z.literal('ok'),
      requires: { anyOf: ['admin', 'owner'] },
    }),
    handler: async () => 'ok',
  },
};

describe('callable functions', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ functions: { ...functionRegistry, ...frameworkProbes } });
    owner = await signUpUser(t.app, { name: 'Olive Owner' });
    member = await signUpUser(t.app, { name: 'Max Member' });
    stranger = await signUpUser(t.app, { name: 'Sam Stranger' });
    workspaceId = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: member.id, permissions: ['access'] },
    ]);
  });
  afterAll(() => t.close());

  it('answers a permitted call with its result', async () => {
    const { status, body } = await callFunction(
      t.app,
      'getSubscription',
      { subscriptionId: workspaceId },
      member,
    );
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      id: workspaceId,
      owner_id: owner.id,
      status: 'active',
      permissions: { access: expect.arrayContaining([owner.id, member.id]), admin: [owner.id] },
    });
  });

  it('answers an unknown function with 404 NOT_FOUND', async () => {
    const { status, body } = await callFunction(t.app, 'noSuchFunction', {}, owner);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { status: 'NOT_FOUND', message: 'Function noSuchFunction not found.' } });
  });

  it('does not treat object prototype names as functions', async () => {
    const { status } = await callFunction(t.app, 'constructor', {}, owner);
    expect(status).toBe(404);
  });

  it('answers malformed JSON with 400 INVALID_ARGUMENT', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/functions/getSubscription',
      headers: { 'content-type': 'application/json', cookie: owner.cookie },
      payload: '{"data": {',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
  });

  it('answers a body without data with 400 INVALID_ARGUMENT', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/functions/listMySubscriptions',
      headers: { cookie: owner.cookie },
      payload: { nodata: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
  });

  it('names the bad fields of a schema violation', async () => {
    const { status, body } = await callFunction(t.app, 'getSubscription', { subscriptionId: 42 }, owner);
    expect(status).toBe(400);
    const error = body.error as { status: string; message: string; details: { fields: { path: string }[] } };
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('subscriptionId');
    expect(error.details.fields.map((field) => field.path)).toEqual(['subscriptionId']);
  });

  it('refuses a caller without a session with 401 UNAUTHENTICATED', async () => {
    const { status, body } = await callFunction(t.app, 'getSubscription', { subscriptionId: workspaceId });
    expect(status).toBe(401);
    expect((body.error as { status: string }).status).toBe('UNAUTHENTICATED');
  });

  it('refuses a non-member with 403 PERMISSION_DENIED', async () => {
    const { status, body } = await callFunction(
      t.app,
      'getSubscription',
      { subscriptionId: workspaceId },
      stranger,
    );
    expect(status).toBe(403);
    expect((body.error as { status: string }).status).toBe('PERMISSION_DENIED');
  });

  it('answers an unknown workspace with 404 NOT_FOUND', async () => {
    const { status, body } = await callFunction(
      t.app,
      'getSubscription',
      { subscriptionId: 'missing' },
      owner,
    );
    expect(status).toBe(404);
    expect((body.error as { message: string }).message).toBe('Subscription not found.');
  });

  it('requires every permission of an all-of requirement', async () => {
    expect((await callFunction(t.app, 'ownerOnly', { subscriptionId: workspaceId }, owner)).status).toBe(200);
    expect((await callFunction(t.app, 'ownerOnly', { subscriptionId: workspaceId }, member)).status).toBe(
      403,
    );
  });

  it('accepts any one permission of an any-of requirement', async () => {
    expect((await callFunction(t.app, 'adminOrOwner', { subscriptionId: workspaceId }, owner)).status).toBe(
      200,
    );
    expect((await callFunction(t.app, 'adminOrOwner', { subscriptionId: workspaceId }, member)).status).toBe(
      403,
    );
  });

  it('answers an unexpected failure with 500 INTERNAL and no internals', async () => {
    const { status, body } = await callFunction(t.app, 'explode', {});
    expect(status).toBe(500);
    expect(body).toEqual({ error: { status: 'INTERNAL', message: 'Internal error.' } });
  });

  it('passes an application error through with its status', async () => {
    const { status, body } = await callFunction(t.app, 'refuse', {});
    expect(status).toBe(409);
    expect(body).toEqual({
      error: { status: 'ALREADY_EXISTS', message: 'This email already has a pending invite' },
    });
  });

  it('opens no session from a bearer token, even a live session token', async () => {
    const [session] = await queryRows<{ token: string }>(
      t.context.database.db,
      sql`select token from session where user_id = ${member.id} limit 1`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/functions/listMySubscriptions',
      headers: { authorization: `Bearer ${session?.token}` },
      payload: { data: {} },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.status).toBe('UNAUTHENTICATED');
  });

  it('refuses a call from a foreign origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/functions/listMySubscriptions',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: { data: {} },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.status).toBe('PERMISSION_DENIED');
  });

  it('refuses a foreign origin whatever form the path takes, and paths in a non-canonical form', async () => {
    // Over a real socket: inject (like fetch) would resolve the dot segments before the server saw them.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const post = (path: string, origin: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            headers: { cookie: owner.cookie, origin, 'content-type': 'application/json' },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ data: {} }));
      });
    const paths = [
      '/api/%66unctions/listMySubscriptions',
      '/api/functions/../functions/listMySubscriptions',
      '//api/functions/listMySubscriptions',
      '/api/auth/x/../sign-out',
      '/api/auth/%73ign-out',
    ];
    for (const origin of ['https://evil.example', 'http://localhost:3000']) {
      for (const path of paths) {
        const response = await post(path, origin);
        expect(response.status, path).toBe(400);
        expect(JSON.parse(response.body).error.status).toBe('INVALID_ARGUMENT');
      }
    }
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: owner.cookie },
    });
    expect(session.json()?.user?.email).toBe(owner.email);
  });

  it('lists only the workspaces the caller can access', async () => {
    const mine = await callFunction(t.app, 'listMySubscriptions', {}, stranger);
    expect(mine.body.result).toEqual({ subscriptions: [] });
  });
});
