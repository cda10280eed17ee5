import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at once, even on two cores (vitest's default is one fewer than the cores): the
    // archive's tests spend much of their time waiting on a simulated chain or a socket. The unit
    // suite took 1,052 s with one file at a time and 840 s with two, on this 2-core machine.
    maxWorkers: 2,
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
