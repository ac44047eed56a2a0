import { ConfigError, loadConfig } from '../config/env.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { buildHttpApp } from '../http/app.ts';
import { startWorker } from '../jobs/worker.ts';
import { createLogger } from '../logger.ts';
import { bootstrap } from './bootstrap.ts';

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
  const logger = createLogger(config);
  try {
    const running = await bootstrap(config, logger);
    const stopWorker = runWorker ? await startWorker(running.context) : () => undefined;
    const http = shape.http ? await buildHttpApp(running.context) : undefined;
    if (http) {
      await http.listen({ port: config.port, host: config.host });
      const address = http.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      running.context.providers.receiveWebhooksAt(`http://127.0.0.1:${port}/webhooks/stripe`);
    }
    logger.info(
      { database: running.context.database.engine, worker: runWorker },
      http ? `Billbridge is ready on ${config.appUrl}` : 'Billbridge worker is running',
    );
    const sandbox = running.context.providers.sandbox;
    if (sandbox) logger.info(`Sandbox Stripe and HubSpot: control page ${sandbox.controlUrl}`);
    if (config.sandbox) {
      logger.warn(
        `SANDBOX is on: the dev mailbox shows every e-mail (reset links included) to anyone on this machine, and Stripe and HubSpot may be stand-ins. Never expose this process; set SANDBOX=false for real use.`,
      );
    }
    const shutdown = async (signal: string) => {
      logger.info(`${signal}: shutting down`);
      stopWorker();
      await http?.close();
      await running.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  } catch (error) {
    if (error instanceof DataDirLockedError) logger.fatal(error.message);
    else logger.fatal({ err: error }, 'start failed');
    process.exit(1);
  }
};
