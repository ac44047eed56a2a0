import { ConfigError, loadConfig, workerConnectionProblem } from '../config/env.ts';
import { appVersion } from '../config/version.ts';
import { MigrationFailedError } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { buildWorkerHttpApp } from '../http/app.ts';
import { buildServerHttpApp } from './http-app.ts';
import { startWorker } from './start-worker.ts';
import { createLogger } from '../logger.ts';
import { bootstrap } from './bootstrap.ts';
import { billingCatalog, reportBillingConfiguration } from '../features/billing/platform.ts';

/** An orchestrator's grace period is 10 s (Docker's default): exit before it kills. */
const shutdownDeadlineMs = 9_000;

export type ProcessShape = { http: boolean; worker: 'always' | 'by-default' | 'only-if-asked' };

/** Runs one process of the given shape until SIGINT/SIGTERM, then shuts down in order. */
export const runProcess = async (shape: ProcessShape): Promise<void> => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const runWorker = shape.worker === 'always' || (config.runWorker ?? shape.worker === 'by-default');
  const workerProblem = runWorker ? workerConnectionProblem(config) : undefined;
  if (workerProblem) {
    console.error(new ConfigError([workerProblem]).message);
    process.exit(1);
  }
  const logger = createLogger(config);
  try {
    const running = await bootstrap(config, logger);
    const stopWorker = runWorker ? await startWorker(running.context) : () => undefined;
    const http = shape.http
      ? await buildServerHttpApp(running.context)
      : config.metricsToken
        ? buildWorkerHttpApp(running.context)
        : undefined;
    if (http) await http.listen({ port: config.port, host: config.host });
    if (http && shape.http) {
      const address = http.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      running.context.providers.receiveWebhooksAt(`http://127.0.0.1:${port}/webhooks/stripe`);
    }
    logger.info(
      { version: appVersion, database: running.context.database.engine, worker: runWorker },
      shape.http ? `Billbridge ${appVersion} is ready on ${config.appUrl}` : 'Billbridge worker is running',
    );
    reportBillingConfiguration(running.context);
    if (running.context.providers.stripe) {
      // The plans' Stripe prices, found or created by lookup key; a failure is retried at first use.
      billingCatalog(running.context).catch((error: unknown) =>
        logger.warn({ err: error }, 'Stripe billing prices not ready; will retry when needed'),
      );
    }
    const sandbox = running.context.providers.sandbox;
    if (sandbox) logger.info(`Sandbox Stripe and HubSpot: control page ${sandbox.controlUrl}`);
    if (config.sandbox) {
      logger.warn(
        `SANDBOX is on: the dev mailbox shows every e-mail (reset links included) to anyone on this machine, and Stripe and HubSpot may be stand-ins. Never expose this process; set SANDBOX=false for real use.`,
      );
    }
    const shutdown = async (signal: string) => {
      logger.info({ signal }, 'shutting down: no new requests or jobs; finishing those in hand');
      const deadline = setTimeout(() => {
        logger.error(`still busy ${shutdownDeadlineMs / 1000} s after ${signal}: exiting anyway`);
        process.exit(1);
      }, shutdownDeadlineMs);
      deadline.unref();
      stopWorker();
      // Stop accepting first and let requests in flight finish (they may enqueue jobs), while
      // the worker finishes its jobs in hand; only then close the queue and the database.
      await Promise.all([http?.close(), runWorker ? running.context.queue.stopWorking() : undefined]);
      await running.close();
      logger.info('shut down');
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof MigrationFailedError)
      logger.fatal(error.message);
    else logger.fatal({ err: error }, 'start failed');
    process.exit(1);
  }
};
