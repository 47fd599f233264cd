// Where tests keep their throwaway data folders: in memory (/dev/shm) where the machine has it, so
// copying the migrated database template (40 MB, a thousand files) and every commit's fsync cost
// no disk I/O; else the system's temp folder.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MEMORY_FS = '/dev/shm';

export const scratchRoot = () => (existsSync(MEMORY_FS) ? MEMORY_FS : os.tmpdir());

/** A new empty folder for one test's data, named after what it is for. */
export const scratchDir = (purpose: string) => mkdtempSync(path.join(scratchRoot(), `mkt-${purpose}-`));
