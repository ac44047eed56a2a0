import type { Pipeline, PipelineStage } from './types.ts';

const stages: [id: string, label: string, probability: string, closed: boolean][] = [
  ['appointmentscheduled', 'Appointment Scheduled', '0.2', false],
  ['qualifiedtobuy', 'Qualified To Buy', '0.4', false],
  ['presentationscheduled', 'Presentation Scheduled', '0.6', false],
  ['decisionmakerboughtin', 'Decision Maker Bought-In', '0.8', false],
  ['contractsent', 'Contract Sent', '0.9', false],
  ['closedwon', 'Closed Won', '1.0', true],
  ['closedlost', 'Closed Lost', '0.0', true],
];

/** The "Sales Pipeline" every HubSpot portal starts with (id `default`). */
export const defaultDealPipeline = (at: string): Pipeline => ({
  id: 'default',
  label: 'Sales Pipeline',
  displayOrder: 0,
  createdAt: at,
  updatedAt: at,
  archived: false,
  stages: stages.map(([id, label, probability, closed], index): PipelineStage => ({
    id,
    label,
    displayOrder: index,
    metadata: { isClosed: String(closed), probability },
    createdAt: at,
    updatedAt: at,
    archived: false,
    writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT',
  })),
});
