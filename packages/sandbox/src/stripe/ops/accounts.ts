import { emitUpdate, publishOne, runOperation, systemRequest } from '../events.ts';
import { publishableKey, secretKey, stripeId } from '../ids.ts';
import { buildAccount, buildAccountEntry } from '../objects/account.ts';
import type { StripeRuntime } from '../runtime.ts';
import type { Account, AccountEntry } from '../types.ts';

export type NewAccount = {
  email?: string | null;
  name?: string | null;
  country?: string;
  detailsSubmitted?: boolean;
  chargesEnabled?: boolean;
  payoutsEnabled?: boolean;
};

/** A Standard account of its own (not yet connected to any platform), with its own API keys. */
export const createStandaloneAccount = (rt: StripeRuntime, input: NewAccount = {}): AccountEntry => {
  const account = buildAccount({ id: stripeId('acct'), created: rt.clock.now(), ...input });
  const entry = buildAccountEntry(account, 'standalone', {
    secretKeys: [secretKey()],
    publishableKey: publishableKey(),
  });
  rt.store.addAccount(entry);
  return entry;
};

/** Marks an account as connected to a platform (what OAuth's `/oauth/token` ends with). */
export const connectAccount = (rt: StripeRuntime, accountId: string, platformId: string): AccountEntry => {
  const entry = rt.store.requireEntry(accountId);
  entry.connectedTo = platformId;
  entry.role = 'connected';
  rt.store.touch();
  return entry;
};

export type AccountFlags = Partial<
  Pick<Account, 'details_submitted' | 'charges_enabled' | 'payouts_enabled' | 'email'>
> & {
  name?: string | null;
};

/** Changes an account's onboarding flags (`account.updated`), as finishing Stripe onboarding would. */
export const updateAccountFlags = (rt: StripeRuntime, accountId: string, flags: AccountFlags): Account =>
  runOperation(rt, accountId, systemRequest, (ctx) => {
    const account = ctx.entry.account;
    const before = structuredClone(account);
    if (flags.details_submitted !== undefined) {
      account.details_submitted = flags.details_submitted;
      account.requirements.currently_due = flags.details_submitted
        ? []
        : ['business_profile.url', 'external_account'];
      account.requirements.eventually_due = account.requirements.currently_due;
      account.requirements.disabled_reason = flags.details_submitted ? null : 'requirements.past_due';
    }
    if (flags.charges_enabled !== undefined) account.charges_enabled = flags.charges_enabled;
    if (flags.payouts_enabled !== undefined) account.payouts_enabled = flags.payouts_enabled;
    if (flags.email !== undefined) account.email = flags.email;
    if (flags.name !== undefined) account.business_profile.name = flags.name;
    emitUpdate(ctx, 'account.updated', before, account);
    return account;
  });

/**
 * The platform loses its access to a connected account — the platform deauthorized it, or the
 * account holder revoked the application in their dashboard: `account.application.deauthorized`
 * goes out while the account is still connected (so the platform's Connect endpoints get it), then
 * every key and grant issued through OAuth stops working.
 */
export const disconnectPlatform = (rt: StripeRuntime, accountId: string, clientId: string): void => {
  const entry = rt.store.entry(accountId);
  if (!entry?.connectedTo) throw new Error(`Account ${accountId} is not connected to a platform`);
  publishOne(
    rt,
    accountId,
    {
      type: 'account.application.deauthorized',
      object: { id: clientId, object: 'application', name: rt.applicationName },
    },
    systemRequest,
  );
  entry.connectedTo = null;
  entry.role = 'standalone';
  // Every key but the account's own first one was issued through OAuth.
  for (const key of entry.secretKeys.slice(1)) rt.store.removeSecretKey(key);
  for (const [token, grant] of Object.entries(rt.store.data.oauthGrants)) {
    if (grant.accountId === accountId) delete rt.store.data.oauthGrants[token];
  }
  rt.store.touch();
};
