import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { destination } from '../../db/schema.ts';
import type { HubSpotAccess } from '../../providers/hubspot/hubspot-access.ts';
import { noticeConnectionLost } from '../connections/connection-lost.ts';
import { recordSystemAudit } from '../../functions/audit-trail.ts';
import { disconnectedDestination } from './destination-store.ts';

/**
 * The portal uninstalled the app or revoked its access: the tokens go, the switch and the rules
 * stay, and new events wait (held: no destination syncs) until the portal is connected again.
 * The owner and admins hear about it once.
 */
const markConnectionLost = async (context: AppContext, db: Db, destinationId: string) => {
  const { enabled: _kept, ...disconnected } = disconnectedDestination();
  const [lost] = await db
    .update(destination)
    .set({ ...disconnected, connectionLostAt: new Date() })
    .where(eq(destination.id, destinationId))
    .returning({ subscriptionId: destination.subscriptionId, name: destination.name });
  if (!lost) return;
  await recordSystemAudit(db, lost.subscriptionId, 'system', {
    kind: 'destination.connection_lost',
    target: { type: 'destination', id: destinationId, name: lost.name },
  });
  await noticeConnectionLost(context, db, { kind: 'destination', id: destinationId, ...lost });
};

/** The portal adapter's handle on this server: its HubSpot app, and a lost portal marked and told. */
export const hubspotAccessOf = (context: AppContext): HubSpotAccess => ({
  settings: context.providers.hubspot,
  database: context.database,
  secretBox: context.secretBox,
  logger: context.logger,
  onLost: (db, destinationId) => markConnectionLost(context, db, destinationId),
});
