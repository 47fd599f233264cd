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

const handlers = {
  query: ({ tx, sql, params, rowMode }) => {
    const client = tx === undefined ? pg : transactions.get(tx)?.client;
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
  parentPort.on('message', handle);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}
