import type { Client } from '@hubspot/api-client';
import { and, eq, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { hubspotPortalFact } from '../../db/schema.ts';
import { livePipelines } from './portal-pipelines.ts';

/**
 * What the writer checks a round against in a portal: its deal pipelines (a rule's stage may be
 * gone) and its currencies (HubSpot refuses a record in one the portal lacks). Each is read from
 * HubSpot when a destination connects, then trusted for ten minutes: in each process's memory
 * (portal-stages.ts, portal-currencies.ts) and, for every other process, in `hubspot_portal_fact`.
 * A new or restarted worker so reads no portal's facts again for its first round: a thousand new
 * portals' first rounds at once cost three more calls each.
 */
export const portalFactTrustMs = 10 * 60_000;

export type PortalFact = 'pipelines' | 'currencies' | 'rates' | `properties:${string}`;
export type KnownFact = { value: unknown; readAt: number };

/**
 * Portals whose facts one process keeps in memory, per fact. With ten thousand workspaces a worker
 * meets more portals than it should hold (decision 084): past the cap the least recently used go,
 * and an entry goes once no longer trusted anyway. An evicted portal's facts are read from the
 * store (one indexed statement), not from HubSpot.
 */
export const portalsInMemory = 5_000;

/** One fact's memory: `portalsInMemory` portals at most, each for `portalFactTrustMs`. */
export type FactMemory<T> = LRUCache<number, { value: T; readAt: number }>;
export const factMemory = <T>(max = portalsInMemory): FactMemory<T> =>
  new LRUCache<number, { value: T; readAt: number }>({ max, ttl: portalFactTrustMs });

/** Where a portal's facts are kept between processes (a unit test of the caches passes none). */
export type PortalFactStore = {
  read: (hubId: number, fact: PortalFact) => Promise<KnownFact | undefined>;
  write: (hubId: number, fact: PortalFact, value: unknown) => Promise<void>;
  forget: (hubId: number, fact: PortalFact) => Promise<void>;
};

const factOf = (hubId: number, fact: PortalFact) =>
  and(eq(hubspotPortalFact.hubId, hubId), eq(hubspotPortalFact.fact, fact));

export const portalFactStore = (db: Db): PortalFactStore => ({
  read: async (hubId, fact) => {
    const [row] = await db
      .select({ value: hubspotPortalFact.value, readAt: hubspotPortalFact.readAt })
      .from(hubspotPortalFact)
      .where(factOf(hubId, fact));
    return row ? { value: row.value, readAt: row.readAt.getTime() } : undefined;
  },
  write: async (hubId, fact, value) => {
    await db
      .insert(hubspotPortalFact)
      .values({ hubId, fact, value, readAt: new Date() })
      .onConflictDoUpdate({
        target: [hubspotPortalFact.hubId, hubspotPortalFact.fact],
        set: { value: sql`excluded.value`, readAt: sql`excluded.read_at` },
      });
  },
  forget: async (hubId, fact) => {
    await db.delete(hubspotPortalFact).where(factOf(hubId, fact));
  },
});

/**
 * Drops the kept facts no process trusts any more (every minute, from the worker): a portal whose
 * destination went keeps nothing of it here for longer than that.
 */
export const forgetUntrustedPortalFacts = async (db: Db): Promise<void> => {
  await db
    .delete(hubspotPortalFact)
    .where(lt(hubspotPortalFact.readAt, new Date(Date.now() - portalFactTrustMs)));
};

/** A fact read at most `portalFactTrustMs` ago, from memory or else from the store (then remembered). */
export const trustedFact = async <T>(
  memory: FactMemory<T>,
  hubId: number,
  fact: PortalFact,
  store: PortalFactStore | undefined,
  valueOf: (stored: unknown) => T,
): Promise<{ value: T; readAt: number } | undefined> => {
  const fresh = (known: { readAt: number } | undefined) =>
    known !== undefined && Date.now() - known.readAt < portalFactTrustMs;
  const remembered = memory.get(hubId);
  if (fresh(remembered)) return remembered;
  if (!store) return undefined;
  const stored = await store.read(hubId, fact);
  if (!stored || !fresh(stored)) return undefined;
  const known = { value: valueOf(stored.value), readAt: stored.readAt };
  memory.set(hubId, known);
  return known;
};

/**
 * The portal's currencies: its company currency and those it has exchange rates for. `read` GETs a
 * HubSpot path (the writer's through the portal's budget, the connect flow's at once).
 */
export const enabledCurrencyCodes = async (read: <T>(path: string) => Promise<T>): Promise<Set<string>> => {
  const [company, rates] = await Promise.all([
    read<{ id: string }>('/settings/v3/currencies/company-currency'),
    read<{ results: { fromCurrencyCode: string }[] }>('/settings/v3/currencies/exchange-rates/current'),
  ]);
  return new Set([company.id, ...rates.results.map((rate) => rate.fromCurrencyCode)]);
};

/**
 * A portal's company currency and exchange rates: an amount in `from` is worth
 * `amount × rates[from]` in the company currency (the currencies API's `conversionRate`, which
 * converts `fromCurrencyCode` into `toCurrencyCode`, the company currency).
 */
export type PortalRates = { company: string; rates: Readonly<Record<string, number>> };

export const portalRatesOf = async (read: <T>(path: string) => Promise<T>): Promise<PortalRates> => {
  const [company, rates] = await Promise.all([
    read<{ id: string }>('/settings/v3/currencies/company-currency'),
    read<{ results: { fromCurrencyCode: string; conversionRate: number }[] }>(
      '/settings/v3/currencies/exchange-rates/current',
    ),
  ]);
  return {
    company: company.id,
    rates: Object.fromEntries(rates.results.map((rate) => [rate.fromCurrencyCode, rate.conversionRate])),
  };
};

/**
 * Reads a newly connected portal's facts and keeps them for the writer. Each is best effort (the
 * currencies need a scope the portal may not grant): one not read is read by the first round.
 */
export const rememberPortalFacts = async (client: Client, hubId: number, store: PortalFactStore) => {
  const read = async <T>(path: string): Promise<T> => {
    const answer = await client.apiRequest({ method: 'GET', path });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  };
  const [pipelines, currencies] = await Promise.allSettled([
    client.crm.pipelines.pipelinesApi.getAll('deals').then((answer) => livePipelines(answer.results)),
    enabledCurrencyCodes(read),
  ]);
  if (pipelines.status === 'fulfilled') await store.write(hubId, 'pipelines', pipelines.value);
  if (currencies.status === 'fulfilled') await store.write(hubId, 'currencies', [...currencies.value]);
};
