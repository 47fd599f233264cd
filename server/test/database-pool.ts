// Test apps on PGlite borrow an open database from this test worker's pool and give it back empty.
// Starting PGlite costs ~0.7 s of CPU (its WebAssembly and a copy of the migrated template); emptying
// every table costs a few milliseconds. The suites run without isolation (vitest.config.ts), so the
// pool outlives each test file. A borrowed database is exactly a freshly migrated one: no rows, every
// identity restarted, every setting reset.

import { cpSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

// On globalThis: vitest evaluates this module again for each test file (only packages stay cached), and
// the pool must outlive the file.
interface Pool {
  idle: Database[];
  /** Every table to empty, as TRUNCATE names them (read once). */
  tables?: string;
}
const shared = globalThis as { testDatabasePool?: Pool };
shared.testDatabasePool ??= { idle: [] };
const pool: Pool = shared.testDatabasePool;

export interface BorrowedDatabase {
  /** The database for the app: closing it (app.close()) leaves it open for giveBack. */
  database: Database;
  /** Empties the database and returns it to the pool (closes it if that fails). */
  giveBack(): Promise<void>;
}

export async function borrowDatabase(): Promise<BorrowedDatabase> {
  const own = pool.idle.pop() ?? (await openCopyOfTemplate());
  const database: Database = Object.assign(Object.create(own) as Database, { close: async () => {} });
  return {
    database,
    async giveBack() {
      try {
        await empty(own);
        pool.idle.push(own);
      } catch {
        await own.close().catch(() => {});
      }
    },
  };
}

async function openCopyOfTemplate(): Promise<Database> {
  const dir = mkdtempSync(path.join(inject('testRunDir'), 'pool-'));
  const pgliteDir = path.join(dir, 'db');
  cpSync(inject('pgliteTemplate'), pgliteDir, { recursive: true });
  return openDatabase({ pgliteDir });
}

/**
 * Every table of the schema emptied in one statement (the migrations' own table is in another schema).
 * search_postings is left out: emptying posts empties it (a trigger, migration 0012), and naming it
 * too is refused.
 */
async function empty({ db }: Database) {
  if (pool.tables === undefined) {
    const { rows } = (await db.execute(
      sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename <> 'search_postings'`,
    )) as unknown as { rows: { name: string }[] };
    pool.tables = rows.map((row) => row.name).join(', ');
  }
  await db.execute(sql.raw(`truncate ${pool.tables} restart identity cascade`));
  await db.execute(sql`reset all`);
}
