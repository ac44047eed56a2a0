import { connectionMessages, keyedError } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { loadDestination } from './destination-store.ts';
import { hubspotAccessOf } from './hubspot-access.ts';
import { readPortalPipelines } from '../../providers/hubspot/portal-pipelines.ts';

/** The connected portal's deal pipelines and their stages, in HubSpot's order, for the mapping editor. */
export const getDestinationPipelines = implement(
  'getDestinationPipelines',
  async ({ subscriptionId, destinationId }, { app }) => {
    const row = await loadDestination(app.database.db, subscriptionId, destinationId);
    if (!row.accessTokenSealed) throw keyedError('failed-precondition', connectionMessages, 'notConnected');
    return { pipelines: await readPortalPipelines(hubspotAccessOf(app), destinationId) };
  },
);
