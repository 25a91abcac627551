import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // PGlite instances are memory-heavy: two workers fit the 2-core machines.
    maxWorkers: 2,
    // A service test file's first test may build the file's seeded PGlite template (WASM start, migrations, seed):
    // seconds on an idle machine, much more on a loaded CI runner.
    testTimeout: 60000,
    hookTimeout: 120000,
    // Queries overlapping on one PostgreSQL connection fail the file (see the file); SMS stay in memory.
    setupFiles: ['tests/helpers/no-overlapping-queries.ts', 'tests/helpers/sms-in-memory.ts'],
  },
});
