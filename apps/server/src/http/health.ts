import type { FastifyInstance } from 'fastify';
import { appVersion } from '../config/version.ts';
import { isMigrated, type Database } from '../db/client.ts';

/** `/healthz`: the process is up, and which release it runs. `/readyz`: the database answers and every migration is applied. */
export const registerHealthRoutes = (app: FastifyInstance, database: Database) => {
  app.get('/healthz', async () => ({ status: 'ok', version: appVersion }));
  app.get('/readyz', async (_request, reply) => {
    try {
      const migrated = await isMigrated(database);
      return reply
        .status(migrated ? 200 : 503)
        .send({ status: migrated ? 'ready' : 'migrating', database: database.engine });
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.engine });
    }
  });
};
