import type {
  AccountEntry,
  AccountRole,
  Collections,
  KeyAccess,
  RestrictedKey,
  StripeData,
} from './types.ts';

export type KeyKind = 'secret' | 'publishable' | 'restricted';
export type KeyInfo = { accountId: string; kind: KeyKind; permissions?: Record<string, KeyAccess> };

export const emptyCollections = (): Collections => ({
  customers: {},
  products: {},
  prices: {},
  subscriptions: {},
  invoices: {},
  payment_methods: {},
  setup_intents: {},
  payment_intents: {},
  charges: {},
  meters: {},
  meter_events: [],
  deleted: {},
});

/** The Stripe stand-in's whole state (plain JSON, persisted as is) plus a key index and a revision counter. */
export class StripeStore {
  readonly data: StripeData;
  private keys = new Map<string, KeyInfo>();
  private rev = 0;

  constructor(data: StripeData) {
    this.data = data;
    this.reindexKeys();
  }

  revision(): number {
    return this.rev;
  }

  /** Every mutation ends here, so persistence notices it. */
  touch(): void {
    this.rev += 1;
  }

  reindexKeys(): void {
    this.keys.clear();
    for (const entry of Object.values(this.data.accounts)) {
      for (const key of entry.secretKeys) this.keys.set(key, { accountId: entry.account.id, kind: 'secret' });
      this.keys.set(entry.publishableKey, { accountId: entry.account.id, kind: 'publishable' });
      for (const { key, permissions } of entry.restrictedKeys ?? [])
        this.keys.set(key, { accountId: entry.account.id, kind: 'restricted', permissions });
    }
  }

  keyInfo(key: string): KeyInfo | undefined {
    return this.keys.get(key);
  }

  entry(accountId: string): AccountEntry | undefined {
    return this.data.accounts[accountId];
  }

  requireEntry(accountId: string): AccountEntry {
    const entry = this.entry(accountId);
    if (!entry) throw new Error(`Unknown sandbox Stripe account ${accountId}`);
    return entry;
  }

  entries(role?: AccountRole): AccountEntry[] {
    const all = Object.values(this.data.accounts);
    return role ? all.filter((entry) => entry.role === role) : all;
  }

  addAccount(entry: AccountEntry): void {
    this.data.accounts[entry.account.id] = entry;
    this.reindexKeys();
    this.touch();
  }

  addSecretKey(accountId: string, key: string): void {
    const entry = this.requireEntry(accountId);
    if (!entry.secretKeys.includes(key)) entry.secretKeys.push(key);
    this.keys.set(key, { accountId, kind: 'secret' });
    this.touch();
  }

  removeSecretKey(key: string): void {
    const info = this.keys.get(key);
    if (!info) return;
    const entry = this.requireEntry(info.accountId);
    entry.secretKeys = entry.secretKeys.filter((candidate) => candidate !== key);
    this.keys.delete(key);
    this.touch();
  }

  addRestrictedKey(accountId: string, restricted: RestrictedKey): void {
    const entry = this.requireEntry(accountId);
    entry.restrictedKeys = [...(entry.restrictedKeys ?? []), restricted];
    this.keys.set(restricted.key, { accountId, kind: 'restricted', permissions: restricted.permissions });
    this.touch();
  }

  /** Deletes a restricted key, as "Delete key" on Stripe's dashboard: calls with it answer 401. */
  revokeRestrictedKey(key: string): boolean {
    const info = this.keys.get(key);
    if (info?.kind !== 'restricted') return false;
    const entry = this.requireEntry(info.accountId);
    entry.restrictedKeys = (entry.restrictedKeys ?? []).filter((candidate) => candidate.key !== key);
    this.keys.delete(key);
    this.touch();
    return true;
  }
}
