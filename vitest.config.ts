import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
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
