import type { FastifyBaseLogger } from 'fastify';
import type { HubSpotSettings } from '../../config/env.ts';
import type { Database, Db } from '../../db/client.ts';
import type { SecretBox } from '../../security/secret-box.ts';

/**
 * What the portal adapter is handed instead of the app's context: this server's HubSpot app, the
 * database its tokens, budget and facts live in, the box that seals tokens, and who to tell when a
 * portal is lost. The destinations feature builds it (`hubspotAccessOf`).
 */
export type HubSpotAccess = {
  /** The configured HubSpot app; absent when this server has none. */
  settings: HubSpotSettings | undefined;
  database: Database;
  secretBox: SecretBox;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /**
   * HubSpot refused the destination's refresh token (the app was uninstalled or its access
   * revoked). Called once, inside the refresh's locked session `db`, before `notConnected` is thrown.
   */
  onLost: (db: Db, destinationId: string) => Promise<void>;
};
