import type { AppContext } from '../../../context.ts';
import { queryRows, type Db } from '../../../db/client.ts';
import { turnBatch } from '../../../db/turn-batch.ts';
import { enqueueDrain, enqueueDrains } from '../../inbox/drain-queue.ts';
import { gateWorkspaces } from '../gate/gate.ts';
import { roundSize } from '../plan/load-round.ts';
import { waitingFrom, waitingQuery, type Waiting, type WaitingRow } from '../settle/settle.ts';
import { load, settlerOf, write, type LoadedRoundOf } from './round.ts';

/** A drain hands its worker slot back after this long, so one tenant's backlog never starves others. */
export const sliceMs = 3_000;
/**
 * Under load, rounds start at most this often per workspace: events gather into fuller batches
 * (fewer HubSpot calls per event), while a lone event is written at once. A full round's worth
 * waiting (`roundSize`) starts at once: such a backlog fills its batches without waiting.
 */
export const roundSpacingMs = 700;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A workspace in a drain: when its last round started (0: none yet), and what its settle left. */
type Drained = { subscriptionId: string; lastRound: number; left?: Waiting | undefined };

/** One drain's means: the session its statements go through, its locks' release, its steps. */
type Drain = {
  context: AppContext;
  db: Db;
  release: (subscriptionIds: string[]) => Promise<void>;
  started: number;
  settle: ReturnType<typeof settlerOf>;
  /** A workspace on to the next pass: those handed over in the same turn of the event loop form it. */
  next: (workspace: Drained) => Promise<void>;
  failures: unknown[];
};

/** What waits in the workspaces' inboxes, in one look. */
const waitingOf = async (db: Db, subscriptionIds: string[]): Promise<Map<string, Waiting>> => {
  const rows = await queryRows<WaitingRow>(db, waitingQuery(subscriptionIds));
  return new Map(
    subscriptionIds.map((id) => [id, waitingFrom(rows.find((row) => row.subscription_id === id))]),
  );
};

const hasWorkNow = (left: Waiting) =>
  left.received || (left.dueInSeconds !== undefined && left.dueInSeconds <= 0);

/** When the workspace's next round may start: the spacing after its last one. */
const spacedUntil = ({ lastRound }: Drained) => lastRound + roundSpacingMs;

/**
 * The drains that follow for what is left: at once (those past their spacing in one statement),
 * once the spacing since the last round is over (the queued job carries it, not this process), or
 * when the earliest retry is due.
 */
const followUps = async (context: AppContext, drained: (Drained & { left: Waiting })[]) => {
  const now = Date.now();
  const atOnce = drained.filter((each) => hasWorkNow(each.left) && spacedUntil(each) <= now);
  await enqueueDrains(
    context.queue,
    atOnce.map(({ subscriptionId }) => subscriptionId),
  );
  for (const each of drained) {
    if (atOnce.includes(each)) continue;
    const { subscriptionId, left } = each;
    if (hasWorkNow(left))
      await enqueueDrain(context.queue, subscriptionId, { startAfter: new Date(spacedUntil(each)) });
    else if (left.dueInSeconds !== undefined)
      await enqueueDrain(context.queue, subscriptionId, { startAfter: Math.ceil(left.dueInSeconds) });
  }
};

/**
 * The workspaces' drains end: what a settle did not say is looked up in one statement, the
 * follow-ups are asked for, and their locks go.
 */
const finish = async ({ context, db, release }: Drain, drained: Drained[]): Promise<void> => {
  if (drained.length === 0) return;
  const unknown = drained.filter((each) => !each.left).map(({ subscriptionId }) => subscriptionId);
  const waiting = unknown.length ? await waitingOf(db, unknown) : new Map<string, Waiting>();
  await followUps(
    context,
    drained.map((each) => ({
      ...each,
      left: each.left ?? waiting.get(each.subscriptionId) ?? waitingFrom(undefined),
    })),
  );
  await release(drained.map(({ subscriptionId }) => subscriptionId));
};

/**
 * Write and settle of one workspace's round: with work due now it goes on to the next pass, with
 * the others whose rounds settled in the same statement; otherwise its drain ends here, as soon as
 * its own settle does (a slower round holds no other back, and no lock).
 */
const writeAndSettle = async (drain: Drain, round: LoadedRoundOf, roundAt: number): Promise<void> => {
  const left = await drain.settle(await write(drain.context, drain.db, round));
  const drained = { subscriptionId: round.subscriptionId, lastRound: roundAt, left };
  await (hasWorkNow(left) ? drain.next(drained) : finish(drain, [drained]));
};

/** A workspace whose round would come sooner than the spacing after its last: the next pass, then. */
const afterSpacing = async (drain: Drain, workspace: Drained): Promise<void> => {
  await sleep(spacedUntil(workspace) - Date.now());
  await drain.next(workspace);
};

/**
 * One pass over the workspaces: gate all, load all, then each one's round planned, written and
 * settled (rounds that end together settle in one statement). A workspace with nothing due ends its
 * drain; one with work still due goes on to a next pass, until the slice is over and a follow-up
 * drain takes what is left. A failure is recorded for the drain's end: the other workspaces go on.
 */
const pass = async (drain: Drain, workspaces: Drained[]): Promise<void> => {
  if (Date.now() - drain.started >= sliceMs) return finish(drain, workspaces);
  const gated = await gateWorkspaces(
    drain.context,
    drain.db,
    workspaces.map(({ subscriptionId }) => subscriptionId),
  );
  const now = Date.now();
  const rounds = workspaces.map(({ subscriptionId, lastRound }) => {
    const { events, destinations } = gated.get(subscriptionId) ?? { events: [] };
    return { subscriptionId, lastRound, events: events.slice(0, roundSize), destinations };
  });
  const early = (round: (typeof rounds)[number]) =>
    round.events.length < roundSize && spacedUntil(round) > now;
  const playing = rounds.filter((round) => round.events.length > 0 && !early(round));
  const spaced = rounds.filter((round) => round.events.length > 0 && early(round));
  await finish(
    drain,
    rounds.filter((round) => round.events.length === 0),
  );
  const roundAt = Date.now();
  const loaded = playing.length ? await load(drain.db, playing) : [];
  await Promise.all([
    ...loaded.map((round) => writeAndSettle(drain, round, roundAt).catch((error) => failed(drain, error))),
    ...spaced.map(({ subscriptionId, lastRound }) => afterSpacing(drain, { subscriptionId, lastRound })),
  ]);
};

const failed = (drain: Drain, error: unknown) => {
  drain.failures.push(error);
};

/**
 * The drain of several workspaces (their locks held; a lone job is a drain of one): passes over
 * those with work due until none has any or the slice is over. `db` is the session the statements
 * go through (the lock's own for a lone drain: one connection, not two); `release` hands back a
 * workspace's lock once its drain is done. Nothing outlives the call: what a later drain needs
 * rides on its queued job.
 */
export const drain = async (
  context: AppContext,
  db: Db,
  subscriptionIds: string[],
  release: (subscriptionIds: string[]) => Promise<void> = async () => undefined,
): Promise<void> => {
  const own: Drain = {
    context,
    db,
    release,
    started: Date.now(),
    settle: settlerOf(context, db),
    next: turnBatch(async (workspaces: Drained[]) => {
      await pass(own, workspaces).catch((error) => failed(own, error));
      return workspaces.map(() => undefined);
    }),
    failures: [],
  };
  await Promise.all(
    [...new Set(subscriptionIds)].map((subscriptionId) => own.next({ subscriptionId, lastRound: 0 })),
  );
  if (own.failures.length) throw own.failures[0];
};
