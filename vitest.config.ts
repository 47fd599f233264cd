import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config';
import { lucideOneByOne } from './web/test/lucide-one-by-one';

// Five projects. The fast loop (`npm run test:fast`) is the first three: pure functions, components in
// jsdom and the API through app.inject on PGlite. They run without isolation: each worker imports the
// packages once and keeps a pool of open databases (server/test/database-pool.ts), which is most of
// what a test file used to cost; every test starts from what it makes itself. The slow projects start
// real processes and servers (`*.process.test.ts`: the server binary, PostgreSQL clusters they break,
// Redis, an S3 server) or send thousands of generated requests (server/fuzz); `npm test` runs all five.
const api = { globalSetup: ['server/test/global-setup.ts'], testTimeout: 20_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache): a rerun of
    // the fast loop skips most of the ~25 s of transforming.
    experimental: { fsModuleCache: true },
    // Both cores: the in-process projects are CPU-bound in one thread per worker (PGlite is WebAssembly),
    // and vitest's default on two cores is one worker; the process project's files mostly wait on servers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.unit.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [lucideOneByOne()],
        // Components are tested on what ships: Preact's React layer (decision 005). Dependencies resolve
        // to their ES builds and go through Vite, so their `react` imports are aliased too.
        resolve: {
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
            ...preactAliases,
          ],
          conditions: ['module', 'browser', 'development'],
          mainFields: ['module', 'main'],
        },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          isolate: false,
          server: {
            deps: {
              inline: ['@testing-library/react', '@tanstack/react-query', 'react-router', 'lucide-react'],
            },
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts', 'server/**/*.process.test.ts', 'server/fuzz/**'],
          environment: 'node',
          isolate: false,
          ...api,
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: ['server/**/*.process.test.ts'],
          environment: 'node',
          ...api,
        },
      },
      {
        extends: true,
        test: { name: 'fuzz', include: ['server/fuzz/**/*.test.ts'], environment: 'node', ...api },
      },
    ],
  },
});
