import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../db/client.ts';

/**
 * The operator's data commands (docs/operations.md): a consistent copy of the embedded data folder
 * and its way back, and the move from the embedded database to PostgreSQL. Each runs while the
 * caller holds the data folder's lock, so no server writes meanwhile.
 */

/** Copies DATA_DIR (database, generated SECRET, sandbox state) into `destination`, which must not exist. */
export const backupDataDir = (dataDir: string, destination: string): void => {
  if (existsSync(destination)) throw new Error(`${destination} exists: back up into a new folder.`);
  cpSync(dataDir, destination, { recursive: true, filter: (source) => path.basename(source) !== '.lock' });
};

/** Copies a backup into DATA_DIR, which must be empty or absent. */
export const restoreDataDir = (backup: string, dataDir: string): void => {
  if (!existsSync(path.join(backup, 'pglite'))) throw new Error(`${backup} is not a Billbridge backup.`);
  const present = existsSync(dataDir) ? readdirSync(dataDir).filter((name) => name !== '.lock') : [];
  if (present.length) throw new Error(`DATA_DIR ${dataDir} is not empty: restore into an empty folder.`);
  cpSync(backup, dataDir, { recursive: true });
};

type Row = Record<string, unknown>;
const publicTables = (db: Db) =>
  queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public'`);
const foreignKeys = (db: Db) =>
  queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint k
        join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
        where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );

/** Tables with every table they reference before them. */
const parentsFirst = (tables: string[], keys: { child: string; parent: string }[]): string[] => {
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    for (const key of keys) if (key.child === table && tables.includes(key.parent)) visit(key.parent);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every row of the embedded database into a freshly migrated, empty PostgreSQL database:
 * table by table, parents first, 500 rows per statement as JSON (`json_populate_recordset` keeps
 * every column's type), then moves each serial column's sequence past the copied ids. Jobs waiting
 * in the queue (e-mails, drains) are sent again on the target. Returns the rows copied per table.
 */
export const copyToPostgres = async (
  from: Database,
  to: Database & { engine: 'postgres' },
  resend: (name: string, data: object) => Promise<void>,
): Promise<Record<string, number>> => {
  const [{ n: present } = { n: 0 }] = await queryRows<{ n: number }>(
    to.db,
    sql`select count(*)::int as n from "user"`,
  );
  if (present > 0) throw new Error('The PostgreSQL database already has accounts: import into an empty one.');
  const tables = parentsFirst(
    (await publicTables(from.db)).map((table) => table.name).sort(),
    await foreignKeys(from.db),
  );
  const copied: Record<string, number> = {};
  await to.db.transaction(async (tx) => {
    for (const table of tables) {
      copied[table] = 0;
      for (let offset = 0; ; offset += 500) {
        const rows = await queryRows<Row>(
          from.db,
          sql`select to_json(t) as row from ${sql.raw(quoted(table))} t order by ctid limit 500 offset ${offset}`,
        );
        if (rows.length === 0) break;
        const json = JSON.stringify(rows.map((entry) => entry.row));
        await tx.execute(
          sql`insert into ${sql.raw(quoted(table))} select * from json_populate_recordset(null::${sql.raw(quoted(table))}, ${json}::json)`,
        );
        copied[table] += rows.length;
      }
    }
    const serials = await queryRows<{ tbl: string; col: string; seq: string }>(
      tx,
      sql`select table_name as tbl, column_name as col, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
          from information_schema.columns where table_schema = 'public'
          and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const { tbl, col, seq } of serials) {
      await tx.execute(
        sql`select setval(${seq}, coalesce(max(${sql.raw(quoted(col))}), 0) + 1, false) from ${sql.raw(quoted(tbl))}`,
      );
    }
  });
  const waiting = await queryRows<{ name: string; data: object }>(
    from.db,
    sql`select name, data from pgboss.job where state in ('created', 'retry') order by created_on`,
  );
  for (const job of waiting) await resend(job.name, job.data);
  copied['pgboss.job (sent again)'] = waiting.length;
  return copied;
};
