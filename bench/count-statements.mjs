/**
 * Preloaded into a product process apart (`node --import`, set through NODE_OPTIONS by the benches):
 * counts every statement the process sends to PostgreSQL, as `countStatements` does in the bench's
 * own process (each `pg` client's `query`: Drizzle's, pg-boss's and the advisory locks'), and answers
 * on BENCH_STATEMENTS_PORT: `GET /` → the count, `GET /detail` → the counts by statement (its first
 * 100 characters, spaces squeezed), most first: which statements an event pays. Bench-only; the
 * product is unchanged.
 */
import http from 'node:http';
import pg from 'pg';

let sent = 0;
const byStatement = new Map();
const textOf = (first) => (typeof first === 'string' ? first : (first?.text ?? String(first)));
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  sent += 1;
  const key = textOf(args[0]).replace(/\s+/g, ' ').trim().slice(0, 100);
  byStatement.set(key, (byStatement.get(key) ?? 0) + 1);
  return query.apply(this, args);
};

const answer = (url) =>
  url === '/detail'
    ? JSON.stringify(Object.fromEntries([...byStatement].sort((a, b) => b[1] - a[1])))
    : String(sent);

const port = Number(process.env.BENCH_STATEMENTS_PORT);
if (port) {
  const server = http.createServer((request, response) => response.end(answer(request.url)));
  server.listen(port, '127.0.0.1');
  // The count must not keep a process up that is told to stop.
  server.unref();
}
