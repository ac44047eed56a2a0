import { AppError, connectionMessages, keyedError, type Pipeline } from '@billbridge/contract';
import type { HubSpotAccess } from './hubspot-access.ts';
import { createHubSpotClient } from './hubspot-client.ts';
import { hubspotSettingsOf } from './hubspot-connect.ts';
import { hubspotAccessToken, refreshHubSpotAccessToken } from './hubspot-token.ts';

const byDisplayOrder = (a: { displayOrder: number }, b: { displayOrder: number }) =>
  a.displayOrder - b.displayOrder;

type HubSpotStage = { id: string; label: string; archived: boolean; displayOrder: number };
type HubSpotPipeline = HubSpotStage & { stages: HubSpotStage[] };

/** HubSpot's answer as the product shows it: archived pipelines and stages left out, in display order. */
export const livePipelines = (results: readonly HubSpotPipeline[]): Pipeline[] =>
  results
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

const isExpired = (error: unknown): boolean => (error as { code?: unknown }).code === 401;

/**
 * The connected portal's live deal pipelines and their stages, in HubSpot's order: what the mapping
 * editor offers and what the writer checks a rule's stage against.
 */
export const readPortalPipelines = async (
  access: HubSpotAccess,
  destinationId: string,
): Promise<Pipeline[]> => {
  const settings = hubspotSettingsOf(access.settings);
  const read = (token: string) =>
    createHubSpotClient(settings, token).crm.pipelines.pipelinesApi.getAll('deals');
  let answer;
  try {
    const token = await hubspotAccessToken(access, destinationId);
    answer = await read(token).catch(async (error: unknown) => {
      if (isExpired(error)) return read(await refreshHubSpotAccessToken(access, destinationId, token));
      throw error;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw keyedError('unavailable', connectionMessages, 'hubspotPipelinesUnreachable');
  }
  return livePipelines(answer.results);
};
