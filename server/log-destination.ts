// Where the server's log lines go (decision 042): stdout through pino's asynchronous destination, so
// a request never waits for a write(2). Lines are kept in memory while a write is under way (at most
// 16 MB; past that, lines are dropped rather than memory grown) and written together after it. The
// buffer is written out when the process exits: on a shutdown, on exit(), and on a crash, which is
// logged first. A SIGKILL loses what was not written yet.
import pino from 'pino';

export type LogDestination = ReturnType<typeof pino.destination>;

export const asyncStdout = (): LogDestination => pino.destination({ dest: 1, sync: false });

/** Writes what is buffered now (blocking); never throws (a closed stdout has nowhere to write). */
export function flushLogs(destination: LogDestination | undefined) {
  try {
    destination?.flushSync();
  } catch {
    // stdout gone: nothing to save
  }
}

/** An uncaught exception or unhandled rejection: one fatal line, the buffer written, exit 1. */
export function exitOnCrash(log: { fatal(obj: object, msg: string): void }, destination?: LogDestination) {
  const crash = (err: unknown, kind: string) => {
    log.fatal({ err }, `${kind}: exiting`);
    flushLogs(destination);
    process.exit(1);
  };
  process.on('uncaughtException', (err) => crash(err, 'uncaught exception'));
  process.on('unhandledRejection', (err) => crash(err, 'unhandled rejection'));
}
