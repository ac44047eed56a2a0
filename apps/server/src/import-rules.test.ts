import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** What `npx eslint` says of `source` saved as `file`: each restricted import's message. */
const importProblems = async (file: string, source: string): Promise<string[]> => {
  const [result] = await eslint.lintText(source, { filePath: `${root}apps/server/src/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
};

describe("the server's tiers, as eslint.config.js keeps them", () => {
  it('refuses a feature that imports the sync engine, saying why', { timeout: 30_000 }, async () => {
    const problems = await importProblems(
      'features/billing/probe.ts',
      "export { drainJob } from '../sync/drain/drain-job.ts';\n",
    );
    expect(problems).toEqual([expect.stringContaining('No feature imports the sync engine')]);
  });

  it('refuses a provider that imports a feature or AppContext', async () => {
    const problems = await importProblems(
      'providers/hubspot/probe.ts',
      "export type { AppContext } from '../../context.ts';\nexport { rulesOf } from '../../features/destinations/destination-store.ts';\n",
    );
    expect(problems).toEqual([
      expect.stringContaining('providers/ imports no feature'),
      expect.stringContaining('providers/ imports no feature'),
    ]);
  });

  it('refuses an inbox module that imports a provider or another feature, saying why', async () => {
    const atTop = await importProblems(
      'features/inbox/probe.ts',
      "export type { WritePlan } from '../../providers/hubspot/crm-records.ts';\nexport { rulesOf } from '../destinations/destination-store.ts';\n",
    );
    const inAFolder = await importProblems(
      'features/inbox/replay/probe.ts',
      "export { drainJob } from '../../sync/drain/drain-job.ts';\n",
    );
    expect([...atTop, ...inAFolder]).toEqual([
      expect.stringContaining('features/inbox/ imports only db/, the contract, the job queue'),
      expect.stringContaining('features/inbox/ imports only db/, the contract, the job queue'),
      expect.stringContaining('features/inbox/ imports only db/, the contract, the job queue'),
    ]);
  });

  it('lets the inbox import its own modules, db, the contract, the job queue and the bottom tier', async () => {
    const problems = await importProblems(
      'features/inbox/replay/probe.ts',
      [
        "export { moveEvents } from '../event-states.ts';",
        "export { stripeEvent } from '../../../db/schema.ts';",
        "export type { JobQueue } from '../../../jobs/queue.ts';",
        "export type { AppContext } from '../../../context.ts';",
        "export { implement } from '../../../functions/framework.ts';",
        "export { stripeIdProperty } from '@billbridge/contract';",
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('refuses a registry imported outside main/', async () => {
    const problems = await importProblems(
      'http/probe.ts',
      "export { functionRegistry } from '../main/function-registry.ts';\n",
    );
    expect(problems).toEqual([expect.stringContaining('Only main/ imports the registries')]);
  });

  it('lets main/ import the engine and the registries', async () => {
    const problems = await importProblems(
      'main/probe.ts',
      "export { drainJob } from '../features/sync/drain/drain-job.ts';\nexport { jobHandlers } from './job-registry.ts';\n",
    );
    expect(problems).toEqual([]);
  });
});
