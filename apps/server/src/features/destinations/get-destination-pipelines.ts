import { AppError, connectionMessages, type Pipeline } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { createHubSpotClient } from '../../providers/hubspot-client.ts';
import { loadDestination } from './destination-store.ts';
import { hubspotSettingsOf } from './hubspot-connect.ts';
import { hubspotAccessToken, refreshHubSpotAccessToken } from './hubspot-token.ts';

const byDisplayOrder = (a: { displayOrder: number }, b: { displayOrder: number }) =>
  a.displayOrder - b.displayOrder;

const isExpired = (error: unknown): boolean => (error as { code?: unknown }).code === 401;

/** The connected portal's deal pipelines and their stages, in HubSpot's order, for the mapping editor. */
export const getDestinationPipelines = implement(
  'getDestinationPipelines',
  async ({ subscriptionId, destinationId }, { app }) => {
    const row = await loadDestination(app.database.db, subscriptionId, destinationId);
    if (!row.accessTokenSealed) throw new AppError('failed-precondition', connectionMessages.notConnected);
    const settings = hubspotSettingsOf(app);
    const read = (token: string) =>
      createHubSpotClient(settings, token).crm.pipelines.pipelinesApi.getAll('deals');
    let answer;
    try {
      const token = await hubspotAccessToken(app, destinationId);
      answer = await read(token).catch(async (error: unknown) => {
        if (isExpired(error)) return read(await refreshHubSpotAccessToken(app, destinationId, token));
        throw error;
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('unavailable', 'HubSpot could not be reached to read the pipelines. Try again.');
    }
    const pipelines: Pipeline[] = answer.results
      .filter((pipeline) => !pipeline.archived)
      .sort(byDisplayOrder)
      .map((pipeline) => ({
        id: pipeline.id,
        label: pipeline.label,
        stages: pipeline.stages
          .filter((stage) => !stage.archived)
          .sort(byDisplayOrder)
          .map((stage) => ({ id: stage.id, label: stage.label })),
      }));
    return { pipelines };
  },
);
