// Builds one migrated PGlite data directory per test run, in a folder of the run's own; the test
// workers' pooled databases (database-pool.ts) are copies of it kept in the same folder, removed with
// it when the run ends. With DATABASE_URL each test app makes its own database instead.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { scratchDir } from './scratch-dir';

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const runDir = scratchDir('run');
  const template = path.join(runDir, 'template');
  const database = await openDatabase({ pgliteDir: template });
  await database.close();
  project.provide('pgliteTemplate', template);
  project.provide('testRunDir', runDir);
  return () => rmSync(runDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Removed when the run ends: where test workers keep what outlives one test file. */
    testRunDir: string;
  }
}
