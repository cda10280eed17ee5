import { defineConfig } from 'vitest/config';

// The real-chain stage (npm run test:real-chain): a Cosmos SDK chain built from the SDK's own
// modules, started and driven, then followed by Polity. One file, one worker: the chain, Polity and
// the Go build already use both cores.
export default defineConfig({
  test: {
    name: 'real-chain',
    environment: 'node',
    include: ['testchain/**/*.test.ts'],
    maxWorkers: 1,
    testTimeout: 15 * 60_000,
    hookTimeout: 45 * 60_000,
  },
});
