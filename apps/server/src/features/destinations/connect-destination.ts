import { and, eq, isNull } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import { companyDomain, crmLink, customerCompany, destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { releaseHeldEvents } from '../inbox/replay/replay.ts';
import { portalFactStore, rememberPortalFacts } from '../../providers/hubspot/portal-facts.ts';
import {
  createHubSpotClient,
  exchangeHubSpotCode,
  HubSpotOAuthError,
  introspectHubSpotToken,
  revokeHubSpotRefreshToken,
} from '../../providers/hubspot/hubspot-client.ts';
import { callbackUrl, consumeOAuthState } from '../connections/oauth-state.ts';
import { destinationTokenAt } from '../../providers/hubspot/hubspot-token.ts';
import { loadDestination } from './destination-store.ts';
import { destinationToApi } from './destination-to-api.ts';
import { hubspotSettingsOf } from '../../providers/hubspot/hubspot-connect.ts';
import { ensureStripeIdProperties } from '../../providers/hubspot/hubspot-properties.ts';

/**
 * The HubSpot callback's call: checks the state, exchanges the code on the date-versioned token
 * endpoint, learns the portal and granted scopes by introspection, prepares the portal (the unique
 * `billbridge_stripe_id` properties) and only then stores the tokens, sealed. A portal that could
 * not be prepared is not connected, and its fresh grant is revoked. A connected portal's pipelines
 * and currencies are read for the writer (portal-facts.ts).
 */
export const connectDestination = implement(
  'connectDestination',
  async ({ subscriptionId, destinationId, code, state }, call) => {
    const { app, caller } = call;
    const settings = hubspotSettingsOf(app.providers.hubspot);
    const { db } = app.database;
    const row = await loadDestination(db, subscriptionId, destinationId);
    if (row.accessTokenSealed) {
      throw keyedError('already-exists', connectionMessages, 'destinationAlreadyConnected');
    }
    const target = { provider: 'hubspot', subscriptionId, targetId: destinationId } as const;
    const { enableOnConnect } = await consumeOAuthState(db, caller, target, state);

    let grant;
    try {
      grant = await exchangeHubSpotCode(settings, {
        code,
        redirectUri: callbackUrl(app.config.appUrl, 'hubspot'),
      });
    } catch (error) {
      if (error instanceof HubSpotOAuthError && error.status < 500) {
        throw keyedError('failed-precondition', connectionMessages, 'connectionFailed');
      }
      throw keyedError('unavailable', connectionMessages, 'hubspotUnreachable');
    }

    const client = createHubSpotClient(settings, grant.access_token);
    let hubId: number;
    let scopes: string[];
    try {
      const info = await introspectHubSpotToken(settings, grant.access_token);
      if (!info.active || typeof info.hub_id !== 'number') throw new Error('inactive token');
      hubId = info.hub_id;
      scopes = info.scopes ?? [];
      await ensureStripeIdProperties(client, scopes);
    } catch (error) {
      app.logger.warn(
        { destinationId, err: (error as Error).message },
        'hubspot portal could not be prepared',
      );
      await revokeHubSpotRefreshToken(settings, grant.refresh_token).catch(() => undefined);
      throw keyedError('unavailable', connectionMessages, 'hubspotPrepareFailed');
    }

    // Record ids remembered for another portal mean nothing in this one.
    if (row.hubId !== null && row.hubId !== hubId) {
      await db.delete(crmLink).where(eq(crmLink.destinationId, destinationId));
      await db.delete(companyDomain).where(eq(companyDomain.destinationId, destinationId));
      await db.delete(customerCompany).where(eq(customerCompany.destinationId, destinationId));
    }
    const updated = await db.transaction(async (tx) => {
      const [connected] = await tx
        .update(destination)
        .set({
          hubId,
          scopes,
          accessTokenSealed: app.secretBox.seal(
            grant.access_token,
            destinationTokenAt('accessTokenSealed', destinationId),
          ),
          refreshTokenSealed: app.secretBox.seal(
            grant.refresh_token,
            destinationTokenAt('refreshTokenSealed', destinationId),
          ),
          tokenExpiresAt: new Date(Date.now() + grant.expires_in * 1000),
          connectionLostAt: null,
          updatedAt: new Date(),
          // A reconnect: the switch as it was before the old connection was let go.
          ...(enableOnConnect ? { enabled: true } : {}),
        })
        .where(and(eq(destination.id, destinationId), isNull(destination.accessTokenSealed)))
        .returning();
      if (connected) {
        // A portal connected before (lost, or let go by a reconnect) is connected again.
        const kind = row.hubId === null ? 'destination.connected' : 'destination.reconnected';
        await recordAudit(tx, call, {
          kind,
          target: { type: 'destination', id: destinationId, name: row.name },
        });
      }
      return connected;
    });
    if (!updated) {
      await revokeHubSpotRefreshToken(settings, grant.refresh_token).catch(() => undefined);
      throw keyedError('already-exists', connectionMessages, 'destinationAlreadyConnected');
    }
    app.logger.info({ subscriptionId, destinationId, hubId }, 'hubspot destination connected');
    // Its pipelines and currencies, kept for the writer, so its first round does not read them.
    await rememberPortalFacts(client, hubId, portalFactStore(db)).catch((error: unknown) =>
      app.logger.warn({ destinationId, err: (error as Error).message }, 'hubspot portal facts not kept'),
    );
    // A destination switched on before it lost its connection (or was reconnected) syncs what was held meanwhile.
    if (updated.enabled) await db.transaction((tx) => releaseHeldEvents(app, tx, subscriptionId));
    return { destination: destinationToApi(updated) };
  },
);
