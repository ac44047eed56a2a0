import type { FastifyInstance } from 'fastify';
import { isMigrated, type Database } from '../db/client.ts';

/** `/healthz`: the process is up. `/readyz`: the database answers and every migration is applied. */
export const registerHealthRoutes = (app: FastifyInstance, database: Database) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
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
