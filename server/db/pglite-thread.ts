// PGlite in a worker thread (decision 029), seen from the main thread as the part of PGlite that
// drizzle's PGlite driver uses: query(), exec() and transaction(). Every query runs in the worker
// (pglite-worker.mjs), so the event loop serving HTTP only posts a message and reads the rows back.
import { Worker } from 'node:worker_threads';
import { PLANNED_PER_CALL } from './planning';
import { countQueryError, newPoolStats, type PoolStats } from './pool-stats';

interface QueryOptions {
  rowMode?: 'array' | 'object';
}
export interface PGliteResults {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}
/** What drizzle calls on a client or on a transaction's client. */
export interface ThreadClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PGliteResults>;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/** An error rebuilt from the worker's copy: the message plus its code, detail, constraint... */
function rebuild(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

export class PGliteThread implements ThreadClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stopped: Error | undefined;
  private openTransactions = 0;
  private readonly errors = newPoolStats().queryErrors;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    // A crashed worker fails what waits and what comes next; the process keeps serving (503s).
    const stop = (error: Error) => {
      this.stopped ??= Object.assign(new Error(`the embedded database stopped: ${error.message}`), {
        code: '57P01', // admin_shutdown: the app's database-fault handling answers 503
      });
      for (const waiting of this.pending.values()) waiting.reject(this.stopped);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`worker exited with code ${code}`)));
    worker.unref(); // referenced only while a call is in flight (call())
  }

  /** Starts the worker and waits until PGlite has opened `dataDir` (in memory when omitted). */
  static async open(dataDir: string | undefined): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, plannedPerCall: PLANNED_PER_CALL },
      // The worker's own objects are small (messages, rows); V8's default young generation (up to 48 MB)
      // would be resident memory for nothing. PGlite's WebAssembly memory is outside this limit.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    const ready = await new Promise<{ ready: boolean; error?: Record<string, unknown> }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    if (!ready.ready) {
      await worker.terminate();
      throw rebuild(ready.error ?? { message: 'PGlite did not start' });
    }
    return new PGliteThread(worker);
  }

  private settle({ id, result, error }: Reply) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    if (error) {
      const rebuilt = rebuild(error);
      countQueryError(this.errors, rebuilt);
      waiting.reject(rebuilt);
    } else waiting.resolve(result);
  }

  /**
   * The queue as a pool of one (for /metrics): PGlite runs one statement at a time, so a call in
   * flight or an open transaction holds it and every other call waits.
   */
  stats(): PoolStats {
    const inUse = this.pending.size > 0 || this.openTransactions > 0 ? 1 : 0;
    return {
      total: 1,
      inUse,
      waiting: Math.max(0, this.pending.size - inUse),
      queryErrors: { ...this.errors },
    };
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<PGliteResults> {
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode });
  }

  exec(sql: string): Promise<PGliteResults[]> {
    return this.call({ op: 'exec', sql });
  }

  /** Holds PGlite's lock in the worker until `fn` settles: commits when it resolves, rolls back when it throws. */
  async transaction<T>(fn: (client: ThreadClient) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    this.openTransactions++;
    const client: ThreadClient = {
      query: (sql, params = [], options = {}) =>
        this.call({ op: 'query', tx, sql, params, rowMode: options.rowMode }),
    };
    let result: T;
    try {
      result = await fn(client);
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    } finally {
      this.openTransactions--;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /**
   * Copies the data folder to `dir` with no transaction open, after a checkpoint, and answers the
   * rows of `statements` read in the same moment (decision 043).
   */
  snapshot(dir: string, statements: string[]): Promise<Record<string, unknown>[][]> {
    return this.call({ op: 'snapshot', dir, statements });
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.call({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
