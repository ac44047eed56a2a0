import type { FastifyInstance } from 'fastify';
import type { Sandbox } from '@billbridge/sandbox';
import type { AppContext } from '../context.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { cookiesOf } from './auth-requests.ts';
import { callFunction, signUpUser, type TestUser } from './users.ts';
import { seedWorkspace } from './workspaces.ts';

/** The embedded stand-ins of a test app. */
export const sandboxOf = (context: AppContext): Sandbox => {
  const sandbox = context.providers.sandbox;
  if (!sandbox) throw new Error('these tests need the embedded sandbox');
  return sandbox;
};

export type Consent = { code: string | null; state: string | null; error: string | null; redirect: URL };

/**
 * Drives a stand-in's consent page the way a browser would: GET the authorize URL, then POST the
 * page's form (the carried query fields plus the user's choices) and read where it redirects.
 * Stripe choices: `account` ('new' or an account id), `onboarded`; HubSpot: `portal` ('new' or an id).
 */
export const giveConsent = async (
  authorizeUrl: string,
  choices: Record<string, string> = {},
  decision: 'allow' | 'deny' = 'allow',
): Promise<Consent> => {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  await page.text();
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams({
    ...Object.fromEntries(url.searchParams),
    account: 'new',
    portal: 'new',
    onboarded: 'true',
    ...choices,
    decision,
  });
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`consent form answered ${answer.status} without a redirect`);
  const redirect = new URL(location);
  return {
    code: redirect.searchParams.get('code'),
    state: redirect.searchParams.get('state'),
    error: redirect.searchParams.get('error'),
    redirect,
  };
};

type Kind = 'source' | 'destination';

const names = {
  source: { start: 'startSourceConnection', connect: 'connectSource', id: 'sourceId' },
  destination: { start: 'startDestinationConnection', connect: 'connectDestination', id: 'destinationId' },
} as const;

/** Start → consent → connect, as the browser and the callback page do; returns the connect answer. */
export const connectThroughSandbox = async (
  app: FastifyInstance,
  user: TestUser,
  kind: Kind,
  ids: { subscriptionId: string; targetId: string },
  choices: Record<string, string> = {},
) => {
  const input = { subscriptionId: ids.subscriptionId, [names[kind].id]: ids.targetId };
  const started = await callFunction(app, names[kind].start, input, user);
  if (started.status !== 200) throw new Error(`${names[kind].start}: ${JSON.stringify(started.body)}`);
  const { url } = started.body.result as { url: string };
  const consent = await giveConsent(url, choices);
  return callFunction(app, names[kind].connect, { ...input, code: consent.code, state: consent.state }, user);
};

/** A second session of the same user (signing in again), as another browser would have. */
export const signInAgain = async (app: FastifyInstance, user: TestUser): Promise<TestUser> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: 'correct horse battery staple' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { ...user, cookie: cookiesOf(response) };
};

export type ConnectionsBed = {
  t: TestApp;
  /** Owns every workspace `workspace()` seeds (owner holds access + admin). */
  admin: TestUser;
  /** Holds only `access` on them. */
  member: TestUser;
  workspace: (status?: string) => Promise<string>;
  /** A new, not connected source (of a fresh workspace unless one is named). */
  newSource: (subscriptionId?: string) => Promise<{ subscriptionId: string; sourceId: string }>;
  /** A new, not connected destination (of a fresh workspace unless one is named). */
  newDestination: (subscriptionId?: string) => Promise<{ subscriptionId: string; destinationId: string }>;
  call: (name: string, data: unknown, user?: TestUser) => ReturnType<typeof callFunction>;
};

/** A test app with an admin, an access-only member and fresh workspaces on demand. */
export const connectionsBed = async (env: Record<string, string> = {}): Promise<ConnectionsBed> => {
  const t = await createTestApp({ env });
  const admin = await signUpUser(t.app, { name: 'Ada Admin' });
  const member = await signUpUser(t.app, { name: 'Mo Member' });
  const workspace = (status = 'active') =>
    seedWorkspace(t.context.database.db, admin.id, [{ userId: member.id, permissions: ['access'] }], {
      status,
    });
  const call: ConnectionsBed['call'] = (name, data, user = admin) => callFunction(t.app, name, data, user);
  return {
    t,
    admin,
    member,
    workspace,
    newSource: async (subscriptionId) => {
      const owner = subscriptionId ?? (await workspace());
      const { sourceId } = resultOf<{ sourceId: string }>(
        await call('createSource', { subscriptionId: owner }),
      );
      return { subscriptionId: owner, sourceId };
    },
    newDestination: async (subscriptionId) => {
      const owner = subscriptionId ?? (await workspace());
      const { destinationId } = resultOf<{ destinationId: string }>(
        await call('createDestination', { subscriptionId: owner }),
      );
      return { subscriptionId: owner, destinationId };
    },
    call,
  };
};

/** The result of a successful call (throws with the error otherwise). */
export const resultOf = <T>(answer: { status: number; body: Record<string, unknown> }): T => {
  if (answer.status !== 200) throw new Error(`call failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result as T;
};
