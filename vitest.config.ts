import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
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
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
