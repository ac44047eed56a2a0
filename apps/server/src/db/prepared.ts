import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.ts';

type PreparedScalar = string | number | boolean | null;
/** An array goes as a PostgreSQL array (node-postgres encodes it; for PGlite, `arrayLiteralOf`). */
export type PreparedValue = PreparedScalar | readonly PreparedScalar[];

const scalarText = (value: PreparedScalar): string => {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
};

/** PostgreSQL's array input form: every element quoted, backslash and quote escaped, NULL bare. */
const arrayLiteralOf = (values: readonly PreparedScalar[]): string =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${scalarText(value).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;

/**
 * A value as an SQL literal for PGlite's `EXECUTE`, which takes no bind parameters. Strings follow
 * the one quoting rule of `standard_conforming_strings` (checked on at prepare time): quotes doubled.
 */
const literalOf = (value: PreparedValue): string => {
  if (value === null) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return scalarText(value);
  const text = typeof value === 'string' ? value : arrayLiteralOf(value);
  return `'${text.replaceAll("'", "''")}'`;
};

/**
 * A statement planned once per connection, then executed by name: for a hot path whose planning
 * costs more than its work. The webhook ingest's one statement runs about three times faster this
 * way (decision 010, `npm run bench:ingest`). PostgreSQL: node-postgres prepares the name on each
 * pooled connection at first use (behind a transaction-mode pooler it goes unnamed). PGlite (one
 * connection): `PREPARE` once, then `EXECUTE` with literals, as PGlite's `EXECUTE` takes no bind
 * parameters.
 */
export const definePrepared = <Row>(name: string, text: string) => {
  // One preparation per PGlite, shared by the callers that arrive while it runs.
  const preparedOn = new WeakMap<PGlite, Promise<void>>();
  const prepare = async (pglite: PGlite) => {
    const [setting] = (
      await pglite.query<{ standard_conforming_strings: string }>('show standard_conforming_strings')
    ).rows;
    if (setting?.standard_conforming_strings !== 'on')
      throw new Error('prepared statements need standard_conforming_strings');
    await pglite.exec(`prepare ${name} as ${text}`);
  };
  const run = async (database: Database, values: PreparedValue[]): Promise<Row[]> => {
    if (database.engine === 'postgres') {
      // Behind a transaction-mode pooler the next statement may reach a connection that never
      // prepared the name: sent unnamed, it is planned each time instead (decision 060).
      const statement = database.pooler === 'transaction' ? { text, values } : { name, text, values };
      return (await database.pool.query<Row & object>(statement)).rows;
    }
    const { pglite } = database;
    let prepared = preparedOn.get(pglite);
    if (!prepared) {
      prepared = prepare(pglite);
      preparedOn.set(pglite, prepared);
      prepared.catch(() => preparedOn.delete(pglite));
    }
    await prepared;
    return (await pglite.query<Row>(`execute ${name}(${values.map(literalOf).join(', ')})`)).rows;
  };
  return (database: Database, values: PreparedValue[]): Promise<Row[]> =>
    run(database, values).catch((error: unknown) => {
      // The values (a webhook's payload) go with the error as Drizzle's do, so the logger can cut
      // them out of whatever the database echoed.
      if (error && typeof error === 'object' && !('params' in error))
        Object.assign(error, { params: values });
      throw error;
    });
};
