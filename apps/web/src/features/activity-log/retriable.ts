import { activityReasons } from '@billbridge/contract';

/**
 * Failed and held events go through the pipeline again on request; an event whose body the
 * database could not store is kept only as text and never synced, so no retry is offered for it.
 */
export const isRetriable = (item: { status: string; held: boolean; reason: string | null }) =>
  item.held || (item.status === 'failure' && item.reason !== activityReasons.unstorableBody);
