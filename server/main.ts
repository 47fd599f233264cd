// Starts the marketplace: config, database, HTTP server, graceful shutdown. A PostgreSQL server that
// does not answer yet does not stop the start: the server listens (/healthz 200, /readyz and the API
// 503) and applies the migrations as soon as the database answers (decision 010). WEB_CONCURRENCY > 1
// makes this process the primary of that many workers (server/workers.ts), each of which runs main.
import cluster from 'node:cluster';
import v8 from 'node:v8';
import { buildApp } from './app';
import { listenForBackups } from './backup/pglite-snapshot';
import { ConfigError, loadConfig } from './config';
import { databaseOptions, openDatabaseForServer } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { asyncStdout, exitOnCrash, flushLogs } from './log-destination';
import { runPrimary } from './workers';

// V8 lets the heap grow to up to four times what survived the last full collection before the next;
// under 100 connections that missed the caches the server went from 130 MB to 266 MB resident. Twice
// keeps it under 200 MB for a few percent of throughput (decision 032, `npm run bench:rss`).
v8.setFlagsFromString('--heap-growing-percent=100');

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const database = await openDatabaseForServer(databaseOptions(config));
  // Pretty lines on a terminal in development (buildApp); otherwise JSON written off the event loop.
  const logStream = process.stdout.isTTY && config.env !== 'production' ? undefined : asyncStdout();
  const app = await buildApp({ config, database, logStream });
  exitOnCrash(app.log, logStream);
  // The embedded database is this process's alone: the backup command asks it for a copy (decision 043).
  const stopBackups = database.snapshot
    ? await listenForBackups(config.dataDir, database, app.log)
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await stopBackups?.();
    await app.close();
    flushLogs(logStream);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (database.state !== 'up') app.log.info(`listening at ${config.publicUrl}; connecting to the database`);
  await database.connect();
  if (!closing) app.log.info(`marketplace ready at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
