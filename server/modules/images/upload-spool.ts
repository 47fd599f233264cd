// Where an upload's files wait while they arrive and until they are processed: one private folder per
// request under DATA_DIR/tmp/uploads, never memory (a stalled upload must not hold megabytes), and
// never os.tmpdir() (often tmpfs, which is memory again). The request removes its folder whatever
// the outcome; folders a crash left behind are swept by age (a job: server/jobs.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export const uploadTempRoot = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

export class UploadSpool {
  private dir: string | undefined;
  private count = 0;

  constructor(private readonly root: string) {}

  /** A new file path in this upload's folder (created on first use, so refused requests cost nothing). */
  async nextPath(): Promise<string> {
    if (!this.dir) {
      const dir = path.join(this.root, `${Date.now()}-${randomBytes(6).toString('hex')}`);
      await mkdir(dir, { recursive: true });
      this.dir = dir;
    }
    this.count++;
    return path.join(this.dir, String(this.count));
  }

  /** Removes every file of this upload; safe to call more than once. */
  async remove(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

/** Removes upload folders older than `minAgeMs` (an upload that outlived the process); returns how many. */
export async function sweepStaleUploads(root: string, minAgeMs: number, now = Date.now()): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    const full = path.join(root, entry);
    const info = await stat(full).catch(() => null);
    if (!info || now - info.mtimeMs < minAgeMs) continue;
    await rm(full, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
