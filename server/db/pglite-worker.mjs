// The embedded database's own thread (decision 029): PGlite runs its queries here, so a slow search
// never blocks the event loop that serves HTTP. server/db/pglite-thread.ts is the other end; messages
// are { id, op, ... } one way and { id, result } or { id, error } back. Plain JavaScript so that Node
// loads it as it is, under tsx, vitest or plain node alike.
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
 * bound text value is; a value that is not a plain string, number or boolean takes the usual path.
 */
const PREPARED_MAX = 256;
const SEEN_MAX = 1024;
/** Statement text -> its prepared name, oldest first (a Map keeps insertion order). */
const prepared = new Map();
/** Texts run once, oldest first: one-off statements (migrations, seeds) are never prepared. */
const seenOnce = new Set();
let nextName = 1;

/** A value as an SQL literal, or undefined when it must be bound instead. */
function literal(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return `'${String(value)}'`;
  }
  // As PGlite binds a Date: its ISO text (UTC), which timestamptz and timestamp both read.
  if (value instanceof Date && !Number.isNaN(value.getTime())) return `'${value.toISOString()}'`;
  // standard_conforming_strings is on (set at start; it is the default): doubling a quote is
  // the whole escape. A NUL cannot be in a statement's text; bound, it fails as it always did.
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

/** Statements PREPARE accepts; anything else (SET, TRUNCATE, DDL) always takes the usual path. */
const PREPARABLE = /^\s*\(*\s*(select|with|insert|update|delete|values)\b/i;

function remember(sql) {
  seenOnce.add(sql);
  if (seenOnce.size > SEEN_MAX) seenOnce.delete(seenOnce.values().next().value);
}

/** The prepared name for `sql`, preparing it when it is seen the second time; undefined for the usual path. */
async function preparedName(sql) {
  const name = prepared.get(sql);
  if (name) {
    prepared.delete(sql); // most recently used last
    prepared.set(sql, name);
    return name;
  }
  if (!PREPARABLE.test(sql)) return undefined;
  if (!seenOnce.delete(sql)) return void remember(sql);
  const fresh = `pglite_${nextName++}`;
  // query(), not exec(): the extended protocol takes one statement only, whatever the text holds.
  await pg.query(`PREPARE ${fresh} AS ${sql}`);
  prepared.set(sql, fresh);
  if (prepared.size > PREPARED_MAX) {
    const [oldestSql, oldest] = prepared.entries().next().value;
    prepared.delete(oldestSql);
    await pg.query(`DEALLOCATE ${oldest}`);
  }
  return fresh;
}

/** Runs a statement outside a transaction, by EXECUTE of its prepared plan when it can. */
async function runOutside(sql, params, options) {
  const values = params.map(literal);
  const name = values.includes(undefined) ? undefined : await preparedName(sql).catch(() => undefined);
  if (!name) return pg.query(sql, params, options);
  const execute = values.length ? `EXECUTE ${name}(${values.join(', ')})` : `EXECUTE ${name}`;
  return pg.query(execute, [], options).catch((error) => {
    // PGlite puts the failed text on the error, which is logged: the statement, never its values.
    if (error && typeof error === 'object' && 'query' in error) error.query = sql;
    throw error;
  });
}

const handlers = {
  query: async ({ tx, sql, params = [], rowMode }) => {
    if (tx === undefined) return runOutside(sql, params, { rowMode, parsers });
    const client = transactions.get(tx)?.client;
    if (!client) throw new Error('transaction already ended');
    return client.query(sql, params, { rowMode, parsers });
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
  // The literals executeText writes rely on it; it is the default, so this only guards a change.
  await pg.exec('SET standard_conforming_strings = on');
  parentPort.on('message', handle);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}
