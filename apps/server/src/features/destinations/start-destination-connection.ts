import { connectionMessages, keyedError } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { callbackUrl, issueOAuthState } from '../connections/oauth-state.ts';
import { releaseDestinationConnection } from './disconnect-destination.ts';
import { loadDestination } from './destination-store.ts';
import { hubspotAuthorizeUrl, hubspotSettingsOf } from '../../providers/hubspot/hubspot-connect.ts';

/**
 * Where to send the browser: HubSpot's install page, with a state bound to this session. A
 * reconnect lets go of the connected portal first and remembers the enable switch in the state, so
 * the new connection syncs as the old one did.
 */
export const startDestinationConnection = implement(
  'startDestinationConnection',
  async ({ subscriptionId, destinationId, reconnect }, call) => {
    const { app, caller } = call;
    const settings = hubspotSettingsOf(app.providers.hubspot);
    const row = await loadDestination(app.database.db, subscriptionId, destinationId);
    const connected = row.accessTokenSealed !== null;
    if (connected && !reconnect) {
      throw keyedError('already-exists', connectionMessages, 'destinationAlreadyConnected');
    }
    if (connected) await releaseDestinationConnection(app, subscriptionId, destinationId, call);
    const target = { provider: 'hubspot', subscriptionId, targetId: destinationId } as const;
    const state = await issueOAuthState(app.database.db, caller, target, connected && row.enabled);
    return { url: hubspotAuthorizeUrl(settings, callbackUrl(app.config.appUrl, 'hubspot'), state) };
  },
);
