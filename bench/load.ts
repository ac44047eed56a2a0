import { Worker } from 'node:worker_threads';

/** What the load sends: signed Stripe webhooks of the given accounts to `url`. */
export type LoadSpec = {
  url: string;
  connections: number;
  seconds: number;
  accounts: string[];
  secret: string;
  /** Without: the signing work is still done, and the header left out (a bare route needs none). */
  signed: boolean;
};

export type LoadResult = { perSec: number; total: number; seconds: number; errors: number };

/**
 * A small closed-loop HTTP load generator on a thread of its own (`load-thread.ts`): building,
 * signing and sending the requests and reading the answers cost the process under test nothing,
 * so a route that answers with more headers is not charged for the client parsing them.
 */
export const runLoad = (spec: LoadSpec): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./load-thread.ts', import.meta.url), { workerData: spec });
    thread.once('message', (result: LoadResult) => resolve(result));
    thread.once('error', reject);
    thread.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load thread exited with ${code}`));
    });
  });
