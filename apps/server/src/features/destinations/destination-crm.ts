import { AppError, connectionMessages, fieldMappingMessages, keyedError } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { DestinationRow } from '../../db/schema.ts';
import { hubspotCrm, TransientCrmError, type CrmClient } from '../../providers/hubspot/hubspot-crm.ts';
import { hubspotAccessToken, refreshHubSpotAccessToken } from '../../providers/hubspot/hubspot-token.ts';
import { hubspotAccessOf } from './hubspot-access.ts';

/**
 * The budgeted, retrying HubSpot client of a connected destination (the writer's, hubspot-crm.ts),
 * for the functions that read or change the portal's properties; not connected: failed-precondition.
 */
export const destinationCrm = (app: AppContext, row: DestinationRow): CrmClient => {
  if (!row.accessTokenSealed || !row.hubId)
    throw keyedError('failed-precondition', connectionMessages, 'notConnected');
  const access = hubspotAccessOf(app);
  return hubspotCrm(access, row.hubId, {
    current: () => hubspotAccessToken(access, row.id),
    refresh: (rejected) => refreshHubSpotAccessToken(access, row.id, rejected),
  });
};

/** HubSpot out of reach while reading or creating properties: unavailable, with its message key. */
export const propertiesCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof TransientCrmError)
      throw keyedError('unavailable', fieldMappingMessages, 'hubspotPropertiesUnreachable');
    throw error;
  }
};
