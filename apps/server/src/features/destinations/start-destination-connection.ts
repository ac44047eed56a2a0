import { connectionMessages, keyedError } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { issueOAuthState } from '../connections/oauth-state.ts';
import { loadDestination } from './destination-store.ts';
import { hubspotAuthorizeUrl, hubspotSettingsOf } from './hubspot-connect.ts';

/** Where to send the browser: HubSpot's install page, with a state bound to this session. */
export const startDestinationConnection = implement(
  'startDestinationConnection',
  async ({ subscriptionId, destinationId }, { app, caller }) => {
    const settings = hubspotSettingsOf(app);
    const row = await loadDestination(app.database.db, subscriptionId, destinationId);
    if (row.accessTokenSealed) {
      throw keyedError('already-exists', connectionMessages, 'destinationAlreadyConnected');
    }
    const state = await issueOAuthState(app.database.db, caller, {
      provider: 'hubspot',
      subscriptionId,
      targetId: destinationId,
    });
    return { url: hubspotAuthorizeUrl(settings, app.config.appUrl, state) };
  },
);
