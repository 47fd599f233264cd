// The embedded database's own thread (decision 029): PGlite runs its queries here, so a slow search
// never blocks the event loop that serves HTTP. server/db/pglite-thread.ts is the other end; messages
// are { id, op, ... } one way and { id, result } or { id, error } back. Plain JavaScript so that Node
// loads it as it is, under tsx, vitest or plain node alike.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// drizzle's PGlite driver keeps dates, intervals and these arrays as text and maps them itself; its
// parsers are functions, which cannot cross a thread, so the same ones are applied here.
const keepText = (value) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, keepText],
  ),
);
const ROLLBACK = Symbol('rollback');

/** The parts of an error that can cross a thread: message, name and primitive fields (code, detail...). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

let pg;
/** Open transactions by id: the PGlite transaction handle and the function that ends it. */
const transactions = new Map();

/**
 * PGlite's query() parses and plans its statement on every call; in WebAssembly planning a search
 * costs as much as running it. A statement text seen a second time outside a transaction is PREPAREd
 * once and then run by EXECUTE, so PostgreSQL's plan cache keeps its plan (decision 034). The values
 * go into EXECUTE as quoted literals, each cast by the statement to its parameter's type exactly as a
 * bound text value is; a value that is not a plain string, number, boolean or Date takes the usual
 * path, and so does a statement marked PLANNED_PER_CALL (server/db/planning.ts) or a large one.
 */
const PREPARED_MAX = 64;
const SEEN_MAX = 1024;
/** A plan costs about 0.2-0.7 MB of PGlite's memory for a search, more for a long statement. */
const PREPARED_TEXT_MAX = 16_000;
const PREPARED_PARAMS_MAX = 100;
/** Statement text -> a promise of its prepared name, least recently used first (a Map keeps order). */
const prepared = new Map();
/** Texts run once, oldest first: one-off statements (migrations, seeds) are never prepared. */
const seenOnce = new Set();
let nextName = 1;

/**
 * A string as PostgreSQL can read it: a lone surrogate becomes U+FFFD, as UTF-8 encoding makes it
 * anyway (PGlite counts its bytes wrongly and would cut the message short).
 */
const wellFormed = (value) => (typeof value === 'string' ? value.toWellFormed() : value);

/** A value as an SQL literal, or undefined when it must be bound instead. */
function literal(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return `'${String(value)}'`;
  }
  // As PGlite binds a Date: its ISO text (UTC), which timestamptz and timestamp both read.
  if (value instanceof Date && !Number.isNaN(value.getTime())) return `'${value.toISOString()}'`;
  // standard_conforming_strings is on (checked at start): doubling a quote is the whole escape. A NUL
  // cannot be in a statement's text; bound, it fails as it always did.
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

/** Statements PREPARE accepts; anything else (SET, TRUNCATE, DDL) always takes the usual path. */
const PREPARABLE = /^\s*\(*\s*(select|with|insert|update|delete|values)\b/i;

const worthPreparing = (sql, params) =>
  PREPARABLE.test(sql) &&
  sql.length <= PREPARED_TEXT_MAX &&
  params.length <= PREPARED_PARAMS_MAX &&
  !sql.includes(workerData.plannedPerCall);

function remember(sql) {
  seenOnce.add(sql);
  if (seenOnce.size > SEEN_MAX) seenOnce.delete(seenOnce.values().next().value);
}

/** Drops a prepared text (evicted, or its plan no longer fits the schema). */
function forget(sql) {
  const name = prepared.get(sql);
  prepared.delete(sql);
  // A PREPARE that failed left nothing to deallocate.
  name?.then((n) => pg.query(`DEALLOCATE ${n}`)).catch(() => {});
}

/**
 * The prepared name for `sql`, preparing it when it is seen the second time; undefined for the usual
 * path. The map holds the PREPARE's promise from the start, so requests that arrive while it runs
 * (behind an open transaction, say) share it instead of preparing the text again.
 */
function preparedName(sql) {
  const name = prepared.get(sql);
  if (name) {
    prepared.delete(sql); // most recently used last
    prepared.set(sql, name);
    return name;
  }
  if (!seenOnce.delete(sql)) return void remember(sql);
  const fresh = `pglite_${nextName++}`;
  // query(), not exec(): the extended protocol takes one statement only, whatever the text holds.
  const ready = pg.query(`PREPARE ${fresh} AS ${sql}`).then(() => fresh);
  ready.catch(() => prepared.get(sql) === ready && prepared.delete(sql));
  prepared.set(sql, ready);
  if (prepared.size > PREPARED_MAX) forget(prepared.keys().next().value);
  return ready;
}

/** An EXECUTE failing for its plan, not its values: the schema changed under a prepared statement. */
const STALE_PLAN = new Set(['0A000', '26000']);

/** Runs a statement outside a transaction, by EXECUTE of its prepared plan when it can. */
async function runOutside(sql, params, options) {
  if (!worthPreparing(sql, params)) return pg.query(sql, params, options);
  const values = params.map(literal);
  if (values.includes(undefined)) return pg.query(sql, params, options);
  const name = await preparedName(sql)?.catch(() => undefined);
  if (!name) return pg.query(sql, params, options);
  const execute = values.length ? `EXECUTE ${name}(${values.join(', ')})` : `EXECUTE ${name}`;
  try {
    return await pg.query(execute, [], options);
  } catch (error) {
    if (STALE_PLAN.has(error?.code)) {
      forget(sql);
      return pg.query(sql, params, options);
    }
    // PGlite puts the failed text on the error, which is logged: the statement, never its values.
    if (error && typeof error === 'object') {
      error.query = sql;
      delete error.position;
    }
    throw error;
  }
}

const handlers = {
  query: async ({ tx, sql, params = [], rowMode }) => {
    const values = params.map(wellFormed);
    if (tx === undefined) return runOutside(sql, values, { rowMode, parsers });
    const client = transactions.get(tx)?.client;
    if (!client) throw new Error('transaction already ended');
    return client.query(sql, values, { rowMode, parsers });
  },
  exec: ({ sql }) => pg.exec(sql),
  // PGlite's transaction() holds its lock until the callback returns: queries outside the transaction
  // wait for it, as they would in one thread. The callback waits for 'end'.
  begin: ({ id }) =>
    new Promise((resolve, reject) => {
      const entry = { client: undefined, finish: undefined, settled: undefined };
      const ended = new Promise((resolveEnd) => {
        entry.finish = resolveEnd;
      });
      entry.settled = pg
        .transaction(async (client) => {
          entry.client = client;
          transactions.set(id, entry);
          resolve(id);
          if (!(await ended)) throw ROLLBACK;
        })
        .catch((error) => {
          if (error !== ROLLBACK) throw error;
        })
        .finally(() => transactions.delete(id));
      entry.settled.catch(reject); // BEGIN itself failed (after it, 'end' reports the error)
    }),
  end: async ({ tx, commit }) => {
    const entry = transactions.get(tx);
    if (!entry) throw new Error('transaction already ended');
    entry.finish(commit);
    await entry.settled;
  },
  // A copy of the data folder for a backup (decision 043): inside a transaction, which holds PGlite's
  // lock so no other transaction is open; the statements (the manifest's counts) see exactly what is
  // copied; CHECKPOINT writes every changed page out, so the files on disk are the whole database.
  // The copy is synchronous: nothing else runs in this thread until it is done.
  snapshot: async ({ dir, statements }) => {
    const results = [];
    await pg.transaction(async (tx) => {
      for (const statement of statements) results.push((await tx.query(statement)).rows);
      await tx.exec('CHECKPOINT');
      // WAL before the checkpoint's redo point is not needed to open the copy (pg_basebackup leaves it
      // out too), and segments after the current one are recycled files: at 100k posts they were 650 MB.
      const { rows } = await tx.query(
        'select redo_wal_file as redo, pg_walfile_name(pg_current_wal_lsn()) as current from pg_control_checkpoint()',
      );
      const { redo, current } = rows[0];
      const walDir = path.join(workerData.dataDir, 'pg_wal');
      cpSync(workerData.dataDir, dir, {
        recursive: true,
        filter: (source) => {
          const name = path.basename(source);
          if (name === 'server.lock') return false;
          if (path.dirname(source) === walDir && /^[0-9A-F]{24}$/.test(name))
            return name >= redo && name <= current;
          return true;
        },
      });
    });
    return results;
  },
  close: async () => {
    await pg.close();
  },
};

async function handle(message) {
  try {
    const result = await handlers[message.op](message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: plainError(error) });
  }
}

try {
  pg = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } });
  // The literals runOutside writes rely on it (PostgreSQL's default); refuse to start without it.
  await pg.exec('SET standard_conforming_strings = on');
  const { rows } = await pg.query('SHOW standard_conforming_strings');
  if (rows[0]?.standard_conforming_strings !== 'on') throw new Error('standard_conforming_strings is off');
  parentPort.on('message', handle);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}
