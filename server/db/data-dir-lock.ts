// PGlite is a single-process database: two servers opening the same data folder corrupt it. A lock
// file holding the owner's pid refuses the second server with a clear message; a lock left by a
// process that no longer runs (kill -9, power loss) is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a running process holding `dir`'s lock (a server, or a backup), else undefined. */
export function lockHolder(dir: string): number | undefined {
  let owner: number;
  try {
    owner = Number(readFileSync(path.join(dir, 'server.lock'), 'utf8'));
  } catch {
    return undefined;
  }
  return owner && owner !== process.pid && isRunning(owner) ? owner : undefined;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Takes the lock on `dir`; returns a function that releases it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = lockHolder(dir);
      if (owner) {
        throw new DataDirInUseError(
          `Another marketplace server (pid ${owner}) is using ${dir}. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${dir}`);
}
