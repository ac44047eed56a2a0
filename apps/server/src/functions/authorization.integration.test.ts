import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionContracts, type FunctionName } from '@billbridge/contract';
import { snapshotDb } from '../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, verifyEmail, type TestUser } from '../testing/users.ts';
import { seedDestination, seedFailedActivity } from '../testing/sync.ts';
import { eq } from 'drizzle-orm';
import { source, destination, subscription } from '../db/schema.ts';
import { browserCard, cards, platformApi } from '../testing/billing.ts';
import { seedInvite, seedWorkspace } from '../testing/workspaces.ts';

/**
 * Every callable function × every kind of caller, on the caller's own workspace and on someone
 * else's, and every function that takes a child id with my workspace and a child of another: the
 * exact HTTP status of each cell, and proof that a refused call changed nothing.
 * The tables are keyed by `FunctionName`, so a new function without a row does not compile.
 */
const roles = ['anonymous', 'stranger', 'member', 'admin', 'owner'] as const;
type Role = (typeof roles)[number];
type Column = 'own' | 'foreign';

/** Statuses in role order: anonymous, non-member, access-only member, admin, owner. */
type Row = [number, number, number, number, number];

/**
 * `own`: the workspace the role applies to (for an invitee's functions: an invite sent to the
 * caller). `foreign`: a workspace of another owner where the caller has no role (an invite sent to
 * someone else). `null`: the function takes no workspace and no invite.
 */
const expected: Record<FunctionName, { own: Row; foreign: Row | null }> = {
  getSubscription: { own: [401, 403, 200, 200, 200], foreign: [401, 403, 403, 403, 403] },
  listMySubscriptions: { own: [401, 200, 200, 200, 200], foreign: null },
  createSubscription: { own: [401, 200, 200, 200, 200], foreign: null },
  updateSubscriptionSettings: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  listMyInvites: { own: [401, 200, 200, 200, 200], foreign: null },
  createInvite: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  acceptInvite: { own: [401, 200, 200, 200, 200], foreign: [401, 403, 403, 403, 403] },
  rejectInvite: { own: [401, 200, 200, 200, 200], foreign: [401, 403, 403, 403, 403] },
  revokeInvite: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getSubscriptionUsers: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  updateUserPermissions: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  removeUser: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  transferSubscriptionOwnership: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  getProfile: { own: [401, 200, 200, 200, 200], foreign: null },
  updateProfile: { own: [401, 200, 200, 200, 200], foreign: null },
  retryActivity: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  retryFailedActivities: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  retryHeldActivities: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getRecentActivities: { own: [401, 403, 200, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getAggregatedActivities: { own: [401, 403, 200, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getUsage: { own: [401, 403, 200, 200, 200], foreign: [401, 403, 403, 403, 403] },
  listActivities: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getActivity: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  createSource: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  listSources: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getSource: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  startSourceConnection: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  // The fixture's state was never issued: a permitted caller gets past the guard to "invalid state".
  connectSource: { own: [401, 403, 403, 400, 400], foreign: [401, 403, 403, 403, 403] },
  // The fixture's key is a secret one: a permitted caller gets past the guard to "secret key refused".
  connectSourceWithKey: { own: [401, 403, 403, 400, 400], foreign: [401, 403, 403, 403, 403] },
  saveSource: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  deleteSource: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  disconnectSource: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  // The fixture's source is not connected: a permitted caller gets past the guard to "connect first".
  startBackfill: { own: [401, 403, 403, 400, 400], foreign: [401, 403, 403, 403, 403] },
  previewImport: { own: [401, 403, 403, 400, 400], foreign: [401, 403, 403, 403, 403] },
  getBackfillProgress: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  // Likewise: a permitted caller gets past the guard to "connect and enable first".
  reconcileSource: { own: [401, 403, 403, 400, 400], foreign: [401, 403, 403, 403, 403] },
  getReconciliation: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  dryRunMappingRules: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  reevaluateDeals: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  dryRunFieldMappings: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  reapplyFieldMappings: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  createDestination: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  listDestinations: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getDestination: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  startDestinationConnection: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  connectDestination: { own: [401, 403, 403, 400, 400], foreign: [401, 403, 403, 403, 403] },
  saveDestination: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  deleteDestination: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  disconnectDestination: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getDestinationPipelines: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getDestinationProperties: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  createDestinationProperty: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getIntegrationCounts: { own: [401, 403, 200, 200, 200], foreign: [401, 403, 403, 403, 403] },
  listInvoices: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  getPaymentMethods: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  createSetupIntent: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  setDefaultPaymentMethod: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  deletePaymentMethod: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  getBillingDetails: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  updateBillingDetails: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  // The fixture is on the free plan already: a permitted caller gets past the guard to "same plan".
  changeSubscriptionPlan: { own: [401, 403, 403, 403, 400], foreign: [401, 403, 403, 403, 403] },
  cancelSubscription: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  getBillingConfig: { own: [401, 200, 200, 200, 200], foreign: null },
  // The owner has no two-factor: turning the requirement off is theirs; on needs their own first.
  updateTwoFactorRequirement: { own: [401, 403, 403, 403, 200], foreign: [401, 403, 403, 403, 403] },
  listAuditLog: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  exportAuditLog: { own: [401, 403, 403, 200, 200], foreign: [401, 403, 403, 403, 403] },
  listMySecurityEvents: { own: [401, 200, 200, 200, 200], foreign: null },
};

/**
 * The third column: the owner of their own workspace, naming a child of another owner's workspace
 * (a source, destination, invite, activity, backfill or member there). Handlers must load children
 * of the workspace the framework authorized, so each is refused and nothing changes on either side.
 * Which functions take a child id is read from `inputOf`, so a new one cannot be left out.
 */
const expectedWithForeignChild: Partial<Record<FunctionName, number>> = {
  acceptInvite: 403,
  rejectInvite: 403,
  revokeInvite: 404,
  updateUserPermissions: 404,
  removeUser: 404,
  // A user who is no admin here is not eligible, whatever workspace they belong to.
  transferSubscriptionOwnership: 400,
  retryActivity: 404,
  getActivity: 404,
  getSource: 404,
  startSourceConnection: 404,
  connectSource: 404,
  connectSourceWithKey: 404,
  saveSource: 404,
  deleteSource: 404,
  disconnectSource: 404,
  startBackfill: 404,
  previewImport: 404,
  getBackfillProgress: 404,
  reconcileSource: 404,
  getReconciliation: 404,
  dryRunMappingRules: 404,
  reevaluateDeals: 404,
  dryRunFieldMappings: 404,
  reapplyFieldMappings: 404,
  getDestination: 404,
  startDestinationConnection: 404,
  connectDestination: 404,
  saveDestination: 404,
  deleteDestination: 404,
  disconnectDestination: 404,
  getDestinationPipelines: 404,
  getDestinationProperties: 404,
  createDestinationProperty: 404,
  setDefaultPaymentMethod: 404,
  deletePaymentMethod: 404,
  // A person filter reads the authorized workspace's log only: another workspace's member finds nothing there.
  listAuditLog: 200,
  exportAuditLog: 200,
};

/** What one call acts on: a fresh workspace (or invite) per call, so a permitted call harms no other. */
type Fixture = {
  subscriptionId: string;
  /** An active admin other than the owner: the one to edit, remove or hand ownership to. */
  targetId: string;
  /** A pending invite of the workspace, to revoke. */
  pendingInviteId: string;
  /** A pending invite to answer: sent to the caller (own) or to someone else (foreign). */
  answerInviteId: string;
  /** A failed sync activity of the workspace, to retry. */
  failedActivityId: number;
  /** A not connected source and destination of the workspace. */
  sourceId: string;
  destinationId: string;
  /** A destination connected to a portal of the stand-in (only for the functions that need one). */
  connectedDestinationId: string;
  /** A card of the workspace's Stripe customer (only for the functions that need one). */
  paymentMethodId: string;
};

/** The functions that act on a connected destination. */
const needsConnectedDestination: FunctionName[] = [
  'getDestinationPipelines',
  'getDestinationProperties',
  'createDestinationProperty',
  'disconnectDestination',
];

/** The functions that act on a card of the workspace's Stripe customer. */
const needsCard: FunctionName[] = ['setDefaultPaymentMethod', 'deletePaymentMethod'];

let sent = 0;

const billingDetailsExample = {
  name: 'Olga Owner',
  phone: '+1 415 555 0100',
  address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
};

const inputOf: Record<FunctionName, (fixture: Fixture) => unknown> = {
  getSubscription: ({ subscriptionId }) => ({ subscriptionId }),
  listMySubscriptions: () => ({}),
  createSubscription: () => ({ planId: 'free' }),
  updateSubscriptionSettings: ({ subscriptionId }) => ({ subscriptionId, settings: { name: 'Renamed' } }),
  listMyInvites: () => ({}),
  createInvite: ({ subscriptionId }) => ({
    subscriptionId,
    email: `invitee-${(sent += 1)}@example.com`,
    // Administrator is the owner's to grant (create-invite's own test); the matrix checks who may invite.
    permissions: ['access'],
  }),
  acceptInvite: ({ answerInviteId }) => ({ inviteId: answerInviteId }),
  rejectInvite: ({ answerInviteId }) => ({ inviteId: answerInviteId }),
  revokeInvite: ({ subscriptionId, pendingInviteId }) => ({ subscriptionId, inviteId: pendingInviteId }),
  getSubscriptionUsers: ({ subscriptionId }) => ({ subscriptionId }),
  updateUserPermissions: ({ subscriptionId, targetId }) => ({
    subscriptionId,
    userId: targetId,
    permissions: ['access'],
  }),
  removeUser: ({ subscriptionId, targetId }) => ({ subscriptionId, userId: targetId }),
  transferSubscriptionOwnership: ({ subscriptionId, targetId }) => ({ subscriptionId, newOwnerId: targetId }),
  getProfile: () => ({}),
  updateProfile: () => ({ language: 'en' }),
  retryActivity: ({ subscriptionId, failedActivityId }) => ({ subscriptionId, activityId: failedActivityId }),
  retryFailedActivities: ({ subscriptionId }) => ({ subscriptionId, from: 0, to: 4_000_000_000 }),
  retryHeldActivities: ({ subscriptionId }) => ({ subscriptionId }),
  getRecentActivities: ({ subscriptionId }) => ({ subscriptionId }),
  getAggregatedActivities: ({ subscriptionId }) => ({ subscriptionId }),
  getUsage: ({ subscriptionId }) => ({ subscriptionId }),
  listActivities: ({ subscriptionId }) => ({ subscriptionId }),
  getActivity: ({ subscriptionId, failedActivityId }) => ({ subscriptionId, activityId: failedActivityId }),
  createSource: ({ subscriptionId }) => ({ subscriptionId }),
  listSources: ({ subscriptionId }) => ({ subscriptionId }),
  getSource: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  startSourceConnection: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  connectSource: ({ subscriptionId, sourceId }) => ({
    subscriptionId,
    sourceId,
    code: 'ac_never_issued',
    state: `${subscriptionId}:${sourceId}:never-issued`,
  }),
  connectSourceWithKey: ({ subscriptionId, sourceId }) => ({
    subscriptionId,
    sourceId,
    key: 'sk_test_never_a_restricted_key',
  }),
  saveSource: ({ subscriptionId, sourceId }) => ({
    subscriptionId,
    sourceId,
    name: 'Renamed',
    enabled: false,
    settings: {},
  }),
  deleteSource: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  disconnectSource: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  startBackfill: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  previewImport: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  getBackfillProgress: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  reconcileSource: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  getReconciliation: ({ subscriptionId, sourceId }) => ({ subscriptionId, sourceId }),
  dryRunMappingRules: ({ subscriptionId, destinationId }) => ({ subscriptionId, destinationId, rules: [] }),
  reevaluateDeals: ({ subscriptionId, destinationId }) => ({ subscriptionId, destinationId }),
  dryRunFieldMappings: ({ subscriptionId, destinationId }) => ({
    subscriptionId,
    destinationId,
    field_mappings: [],
  }),
  reapplyFieldMappings: ({ subscriptionId, destinationId }) => ({ subscriptionId, destinationId }),
  createDestination: ({ subscriptionId }) => ({ subscriptionId }),
  listDestinations: ({ subscriptionId }) => ({ subscriptionId }),
  getDestination: ({ subscriptionId, destinationId }) => ({ subscriptionId, destinationId }),
  startDestinationConnection: ({ subscriptionId, destinationId }) => ({ subscriptionId, destinationId }),
  connectDestination: ({ subscriptionId, destinationId }) => ({
    subscriptionId,
    destinationId,
    code: 'never-issued',
    state: `${subscriptionId}:${destinationId}:never-issued`,
  }),
  saveDestination: ({ subscriptionId, destinationId }) => ({
    subscriptionId,
    destinationId,
    name: 'Renamed',
    enabled: false,
    settings: { pipeline_mapping_rules: [] },
  }),
  deleteDestination: ({ subscriptionId, destinationId }) => ({ subscriptionId, destinationId }),
  disconnectDestination: ({ subscriptionId, connectedDestinationId }) => ({
    subscriptionId,
    destinationId: connectedDestinationId,
  }),
  getDestinationPipelines: ({ subscriptionId, connectedDestinationId }) => ({
    subscriptionId,
    destinationId: connectedDestinationId,
  }),
  getDestinationProperties: ({ subscriptionId, connectedDestinationId }) => ({
    subscriptionId,
    destinationId: connectedDestinationId,
  }),
  createDestinationProperty: ({ subscriptionId, connectedDestinationId }) => ({
    subscriptionId,
    destinationId: connectedDestinationId,
    object: 'contacts',
    label: `Region ${crypto.randomUUID().slice(0, 8)}`,
    type: 'string',
  }),
  getIntegrationCounts: ({ subscriptionId }) => ({ subscriptionId }),
  listInvoices: ({ subscriptionId }) => ({ subscriptionId }),
  getPaymentMethods: ({ subscriptionId }) => ({ subscriptionId }),
  createSetupIntent: ({ subscriptionId }) => ({ subscriptionId }),
  setDefaultPaymentMethod: ({ subscriptionId, paymentMethodId }) => ({ subscriptionId, paymentMethodId }),
  deletePaymentMethod: ({ subscriptionId, paymentMethodId }) => ({ subscriptionId, paymentMethodId }),
  getBillingDetails: ({ subscriptionId }) => ({ subscriptionId }),
  updateBillingDetails: ({ subscriptionId }) => ({ subscriptionId, ...billingDetailsExample }),
  changeSubscriptionPlan: ({ subscriptionId }) => ({ subscriptionId, planId: 'free' }),
  cancelSubscription: ({ subscriptionId }) => ({ subscriptionId, confirmationId: subscriptionId }),
  getBillingConfig: () => ({}),
  updateTwoFactorRequirement: ({ subscriptionId }) => ({ subscriptionId, require_two_factor: false }),
  listAuditLog: ({ subscriptionId, targetId }) => ({ subscriptionId, actorUserId: targetId }),
  exportAuditLog: ({ subscriptionId, targetId }) => ({ subscriptionId, actorUserId: targetId }),
  listMySecurityEvents: () => ({}),
};

describe('authorization of every callable function', () => {
  let t: TestApp;
  let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  let otherOwner: TestUser;
  let target: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    users = {
      stranger: await signUpUser(t.app, { name: 'Sam Stranger' }),
      member: await signUpUser(t.app, { name: 'Max Member' }),
      admin: await signUpUser(t.app, { name: 'Ada Admin' }),
      owner: await signUpUser(t.app, { name: 'Olga Owner' }),
    };
    otherOwner = await signUpUser(t.app, { name: 'Otto Other' });
    target = await signUpUser(t.app, { name: 'Tara Target' });
    for (const user of Object.values(users)) await verifyEmail(t.context.database.db, user);
  });
  afterAll(() => t.close());

  /** A Stripe customer for the workspace with one card, as a setup intent leaves it. */
  const seedCard = async (subscriptionId: string): Promise<string> => {
    const customer = await platformApi(t).customers.create({ metadata: { subscription_id: subscriptionId } });
    const card = await browserCard(t, cards.visa);
    await platformApi(t).paymentMethods.attach(card, { customer: customer.id });
    await t.context.database.db
      .update(subscription)
      .set({ stripeCustomerId: customer.id })
      .where(eq(subscription.id, subscriptionId));
    return card;
  };

  const callerOf = (role: Role): TestUser | undefined => (role === 'anonymous' ? undefined : users[role]);

  const fixtureFor = async (
    column: Column,
    role: Role,
    status = 'active',
    name?: FunctionName,
  ): Promise<Fixture> => {
    const { db } = t.context.database;
    const own = column === 'own';
    const ownerId = own ? users.owner.id : otherOwner.id;
    if (name === 'createSubscription') {
      // The owner's earlier fixtures count against its quota of live workspaces (tested apart).
      await db
        .update(subscription)
        .set({ status: 'canceled' })
        .where(eq(subscription.ownerId, users.owner.id));
    }
    const subscriptionId = await seedWorkspace(
      db,
      ownerId,
      [
        ...(own
          ? [
              { userId: users.admin.id, permissions: ['access', 'admin'] as const },
              { userId: users.member.id, permissions: ['access'] as const },
            ]
          : []),
        { userId: target.id, permissions: ['access', 'admin'] as const },
      ].map(({ userId, permissions }) => ({ userId, permissions: [...permissions] })),
      { status },
    );
    // Seeded invites come from the target admin, so they leave the callers' invite limits alone.
    const pendingInviteId = await seedInvite(db, {
      subscriptionId,
      email: 'pending@example.com',
      inviterId: target.id,
    });
    const caller = callerOf(role);
    let answerInviteId: string;
    if (own && caller) {
      // An invite to the caller, to a workspace they are not in yet (members of this one cannot be invited).
      const elsewhere = await seedWorkspace(db, otherOwner.id, [], { status });
      answerInviteId = await seedInvite(db, {
        subscriptionId: elsewhere,
        email: caller.email,
        inviterId: otherOwner.id,
      });
    } else {
      answerInviteId = await seedInvite(db, {
        subscriptionId,
        email: 'someone-else@example.com',
        inviterId: target.id,
      });
    }
    const failedActivityId = await seedFailedActivity(db, subscriptionId);
    const sourceId = randomUUID();
    await db.insert(source).values({ id: sourceId, subscriptionId, name: '', type: 'stripe' });
    const destinationId = randomUUID();
    await db.insert(destination).values({ id: destinationId, subscriptionId, name: '', type: 'hubspot' });
    const connectedDestinationId =
      name && needsConnectedDestination.includes(name)
        ? (await seedDestination(t.context, subscriptionId, [])).destinationId
        : destinationId;
    return {
      subscriptionId,
      targetId: target.id,
      pendingInviteId,
      answerInviteId,
      failedActivityId,
      sourceId,
      destinationId,
      connectedDestinationId,
      paymentMethodId: name && needsCard.includes(name) ? await seedCard(subscriptionId) : 'pm_not_attached',
    };
  };

  /** Calls `name` in every cell; returns the statuses and the refused calls that changed something. */
  const runMatrix = async (name: FunctionName) => {
    const changed: string[] = [];
    const statuses = async (column: Column): Promise<Row> => {
      const row: number[] = [];
      for (const role of roles) {
        const fixture = await fixtureFor(column, role, 'active', name);
        const before = await snapshotDb(t.context.database.db);
        const { status } = await callFunction(t.app, name, inputOf[name](fixture), callerOf(role));
        if (
          status !== 200 &&
          JSON.stringify(await snapshotDb(t.context.database.db)) !== JSON.stringify(before)
        ) {
          changed.push(`${column}/${role}`);
        }
        row.push(status);
      }
      return row as Row;
    };
    const own = await statuses('own');
    const foreign = expected[name].foreign ? await statuses('foreign') : null;
    return { table: { own, foreign }, changed };
  };

  /** The owner's own workspace with every child id taken from another owner's workspace. */
  const foreignChildFixture = async (name: FunctionName): Promise<Fixture> => {
    const own = await fixtureFor('own', 'owner', 'active', name);
    const foreign = await fixtureFor('foreign', 'owner', 'active', name);
    // The foreign owner is a member there and not here; the shared target admin is in both.
    return { ...foreign, subscriptionId: own.subscriptionId, targetId: otherOwner.id };
  };

  /** Whether the input names a child: marked child ids show through in it. */
  const takesChildId = (name: FunctionName): boolean => {
    const marked: Fixture = {
      subscriptionId: 'workspace',
      targetId: 'child:user',
      pendingInviteId: 'child:invite',
      answerInviteId: 'child:answer',
      failedActivityId: 987_654_321,
      sourceId: 'child:source',
      destinationId: 'child:destination',
      connectedDestinationId: 'child:connected',
      paymentMethodId: 'child:card',
    };
    return /child:|987654321/.test(JSON.stringify(inputOf[name](marked)));
  };

  it('names every function that takes a child id in the foreign-child column', () => {
    const named = Object.keys(expectedWithForeignChild).sort();
    expect(named).toEqual((Object.keys(inputOf) as FunctionName[]).filter(takesChildId).sort());
  });

  it.each(Object.keys(expectedWithForeignChild) as FunctionName[])(
    'refuses %s on my workspace with another workspace’s child id, changing nothing',
    async (name) => {
      const fixture = await foreignChildFixture(name);
      const before = await snapshotDb(t.context.database.db);
      const { status } = await callFunction(t.app, name, inputOf[name](fixture), users.owner);
      expect(status).toBe(expectedWithForeignChild[name]);
      expect(await snapshotDb(t.context.database.db)).toEqual(before);
    },
  );

  it('has a row for every function of the contract', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(functionContracts).sort());
  });

  it.each(Object.keys(expected) as FunctionName[])(
    'answers %s with the expected status for every caller, and refused calls change nothing',
    async (name) => {
      const { table, changed } = await runMatrix(name);
      expect(table).toEqual(expected[name]);
      expect(changed).toEqual([]);
    },
  );

  /**
   * Every workspace function the contract does not declare `whenCanceled: 'allowed'`, read from the
   * contract so a new one cannot slip past; and the invitee's answers, which check the invite's
   * workspace themselves.
   */
  const workspaceFunctions = (Object.keys(functionContracts) as FunctionName[]).filter(
    (name) => typeof functionContracts[name].requires === 'object',
  );
  const allowedWhenCanceled = workspaceFunctions.filter(
    (name) => functionContracts[name].whenCanceled === 'allowed',
  );
  const refusedWhenCanceled: FunctionName[] = [
    ...workspaceFunctions.filter((name) => !allowedWhenCanceled.includes(name)),
    'acceptInvite',
    'rejectInvite',
  ];

  it('refuses every change on a canceled workspace but ending its provider grants', () => {
    // Issue 38, item 8: a canceled workspace's Stripe and HubSpot grants can still be revoked.
    expect(allowedWhenCanceled).toEqual(
      expect.arrayContaining([
        'deleteSource',
        'disconnectSource',
        'deleteDestination',
        'disconnectDestination',
      ]),
    );
    expect(refusedWhenCanceled).toEqual(
      expect.arrayContaining([
        'retryActivity',
        'retryFailedActivities',
        'retryHeldActivities',
        'startBackfill',
        'reconcileSource',
        'reevaluateDeals',
      ]),
    );
  });

  it.each(refusedWhenCanceled)('refuses %s on a canceled workspace, changing nothing', async (name) => {
    const fixture = await fixtureFor('own', 'owner', 'canceled');
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(t.app, name, inputOf[name](fixture), users.owner);
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This subscription has been canceled',
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('still lets the members of a canceled workspace read it', async () => {
    const fixture = await fixtureFor('own', 'owner', 'canceled');
    for (const name of ['getSubscription', 'getSubscriptionUsers'] as const) {
      expect((await callFunction(t.app, name, inputOf[name](fixture), users.admin)).status).toBe(200);
    }
    for (const name of allowedWhenCanceled) {
      const { body } = await callFunction(t.app, name, inputOf[name](fixture), users.owner);
      expect(errorOf(body).message, name).not.toBe('This subscription has been canceled');
    }
  });
});
