/**
 * Preloaded into a product process apart (`node --import`, set through NODE_OPTIONS by the benches):
 * counts every statement the process sends to PostgreSQL, as `countStatements` does in the bench's
 * own process (each `pg` client's `query`: Drizzle's, pg-boss's and the advisory locks'), and answers
 * the count on BENCH_STATEMENTS_PORT: `GET /` → the number. Bench-only; the product is unchanged.
 */
import http from 'node:http';
import pg from 'pg';

let sent = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  sent += 1;
  return query.apply(this, args);
};

const port = Number(process.env.BENCH_STATEMENTS_PORT);
if (port) {
  const server = http.createServer((_request, response) => response.end(String(sent)));
  server.listen(port, '127.0.0.1');
  // The count must not keep a process up that is told to stop.
  server.unref();
}
