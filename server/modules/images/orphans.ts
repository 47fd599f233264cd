// Files with no image row are orphans: a crash between writing an upload's files and committing its
// rows, a file delete that failed after its row was gone, or a post deleted with its rows (cascade).
// A periodic sweep (a job: server/jobs.ts) removes them. Young files are left alone: they may belong to an upload in flight.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Storage } from '../../infra/storage';
import { keysInUse } from './repo';

export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
const BATCH = 500;

/** Deletes image files older than `minAgeMs` that no image row points to; returns how many. */
export async function sweepOrphanFiles(
  { database, storage }: { database: Database; storage: Storage },
  log: FastifyBaseLogger,
  { minAgeMs = ORPHAN_MIN_AGE_MS, now = Date.now() } = {},
): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const keep = await keysInUse(database.db, batch);
    for (const key of batch.filter((k) => !keep.has(k))) {
      await storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const { key, modifiedAt } of storage.list('posts/')) {
    if (now - modifiedAt.getTime() < minAgeMs) continue;
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (removed > 0) log.info({ removed }, 'orphan image files removed');
  return removed;
}

// An upload's temp folder is removed by its request; one this old outlived its process (a crash, kill -9).
export const STALE_UPLOAD_MS = 6 * 60 * 60_000;
