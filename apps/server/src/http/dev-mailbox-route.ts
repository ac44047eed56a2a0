import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { devMailToApi, newestDevMail } from '../mail/dev-mailbox.ts';
import { loopbackOnly } from './loopback-only.ts';

/** The `to` filter of a mailbox request: an address, compared in lower case; empty for every message. */
export const mailboxAddressOf = (query: { to?: string }): string =>
  typeof query.to === 'string' ? query.to.trim().toLowerCase() : '';

/** `GET /api/dev/mailbox[?to=address]`: the newest messages first, for the sandbox only (see `devMailboxEnabled`). */
export const registerDevMailboxRoute = (app: FastifyInstance, db: Db): void => {
  app.get<{ Querystring: { to?: string } }>(
    '/api/dev/mailbox',
    { onRequest: loopbackOnly },
    async (request) => ({
      messages: (await newestDevMail(db, mailboxAddressOf(request.query))).map(devMailToApi),
    }),
  );
};
