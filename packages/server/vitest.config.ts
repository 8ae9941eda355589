import { defineConfig } from 'vitest/config';

// The API suite runs once per database engine (DESIGN.md testing): PGlite always, PostgreSQL
// when TRIALBASE_TEST_ENGINES includes it (scripts/test.mjs decides, CI always includes it).
const engines = (process.env.TRIALBASE_TEST_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        env: { TEST_DB: engine },
      },
    })),
  },
});
