import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // PGlite instances are memory-heavy: two workers fit the 2-core machines.
    maxWorkers: 2,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
