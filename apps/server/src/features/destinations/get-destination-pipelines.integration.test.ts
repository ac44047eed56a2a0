import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pipeline } from '@billbridge/contract';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('getDestinationPipelines', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it("reads the connected portal's deal pipelines and their stages in order", async () => {
    const ids = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.destinationId,
    });
    const { pipelines } = resultOf<{ pipelines: Pipeline[] }>(await bed.call('getDestinationPipelines', ids));
    expect(pipelines.map((pipeline) => pipeline.id)).toEqual(['default']);
    expect(pipelines[0]?.stages.map((stage) => stage.id)).toEqual([
      'appointmentscheduled',
      'qualifiedtobuy',
      'presentationscheduled',
      'decisionmakerboughtin',
      'contractsent',
      'closedwon',
      'closedlost',
    ]);
    expect(pipelines[0]?.stages[0]?.label).toEqual(expect.any(String));
  });

  it('refuses a destination that is not connected', async () => {
    const { status, body } = await bed.call('getDestinationPipelines', await bed.newDestination());
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This destination is not connected.');
  });

  it('refuses an access-only member', async () => {
    expect((await bed.call('getDestinationPipelines', await bed.newDestination(), bed.member)).status).toBe(
      403,
    );
  });
});
