import { connectionMessages, keyedError } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { issueOAuthState } from '../connections/oauth-state.ts';
import { releaseSourceConnection } from './disconnect-source.ts';
import { loadSource } from './source-store.ts';
import { stripeAuthorizeUrl, stripeSettingsOf } from './stripe-connect.ts';

/**
 * Where to send the browser: Stripe Connect's consent page, with a state bound to this session. A
 * reconnect lets go of the connected account first and remembers the enable switch in the state,
 * so the new connection syncs as the old one did.
 */
export const startSourceConnection = implement(
  'startSourceConnection',
  async ({ subscriptionId, sourceId, reconnect }, call) => {
    const { app, caller } = call;
    const settings = stripeSettingsOf(app);
    const row = await loadSource(app.database.db, subscriptionId, sourceId);
    const connected = row.accountId !== null;
    if (connected && !reconnect)
      throw keyedError('already-exists', connectionMessages, 'sourceAlreadyConnected');
    if (connected) await releaseSourceConnection(app, row, call);
    const target = { provider: 'stripe', subscriptionId, targetId: sourceId } as const;
    const state = await issueOAuthState(app.database.db, caller, target, connected && row.enabled);
    return { url: stripeAuthorizeUrl(settings, app.config.appUrl, state) };
  },
);
