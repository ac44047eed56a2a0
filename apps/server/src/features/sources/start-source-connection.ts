import { connectionMessages, keyedError } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { issueOAuthState } from '../connections/oauth-state.ts';
import { loadSource } from './source-store.ts';
import { stripeAuthorizeUrl, stripeSettingsOf } from './stripe-connect.ts';

/** Where to send the browser: Stripe Connect's consent page, with a state bound to this session. */
export const startSourceConnection = implement(
  'startSourceConnection',
  async ({ subscriptionId, sourceId }, { app, caller }) => {
    const settings = stripeSettingsOf(app);
    const row = await loadSource(app.database.db, subscriptionId, sourceId);
    if (row.accountId) throw keyedError('already-exists', connectionMessages, 'sourceAlreadyConnected');
    const state = await issueOAuthState(app.database.db, caller, {
      provider: 'stripe',
      subscriptionId,
      targetId: sourceId,
    });
    return { url: stripeAuthorizeUrl(settings, app.config.appUrl, state) };
  },
);
