import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'verify/**/*.test.ts', 'bin/**/*.test.ts', 'checker/**/*.test.ts'],
          testTimeout: 30_000,
          // Dropping a PostgreSQL test database checkpoints: seconds on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Times show in the reader's zone: tests read them in UTC whatever the machine's zone
          // (a test about zones sets its own).
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
        },
      },
    ],
  },
});
