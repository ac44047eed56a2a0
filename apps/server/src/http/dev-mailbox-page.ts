import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { DevMailRow } from '../db/schema.ts';
import { newestDevMail } from '../mail/dev-mailbox.ts';
import { escapeHtml } from '../mail/message.ts';
import { mailboxAddressOf } from './dev-mailbox-route.ts';
import { loopbackOnly } from './loopback-only.ts';

/** Escapes a text body and turns its http(s) links into anchors a newcomer can click. */
export const linkify = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

const messageHtml = (row: DevMailRow): string => `
<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(row.to)}</strong> · <time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></p>
  <pre>${linkify(row.text)}</pre>
</article>`;

export const devMailboxPageHtml = (rows: DevMailRow[], to: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Billbridge</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 860px; margin: 2rem auto; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ddd; border-radius: 8px; padding: 0.75rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.05rem; margin: 0 0 0.25rem; }
  .meta { color: #666; margin: 0 0 0.5rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
  form { display: flex; gap: 0.5rem; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>The sandbox keeps every e-mail here instead of sending it. Newest first.</p>
<form method="get"><input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(to)}" aria-label="Recipient"><button type="submit">Filter</button></form>
${rows.length ? rows.map(messageHtml).join('\n') : '<p>No e-mails yet.</p>'}
</body>
</html>`;

/** `GET /dev/mailbox[?to=address]`: the dev mailbox as a page, for the sandbox only (see `devMailboxEnabled`). */
export const registerDevMailboxPage = (app: FastifyInstance, db: Db): void => {
  app.get<{ Querystring: { to?: string } }>(
    '/dev/mailbox',
    { onRequest: loopbackOnly },
    async (request, reply) => {
      const to = mailboxAddressOf(request.query);
      const rows = await newestDevMail(db, to);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
        )
        .send(devMailboxPageHtml(rows, to));
    },
  );
};
