import { defineConfig } from 'vitest/config';
import { apiSuitePlan, PARITY_FILTER, PARITY_TAGS } from './test/engines.mjs';

// The API suite on two engines without running everything twice (issue 15 item 2, ARCHITECTURE.md
// testing): one engine runs every test, the other the parity suite, the tests tagged with a parity
// tag (`// @module-tag locking` at the top of a file, or `{ tags: ['json'] }` on a describe or
// test). test/engines.mjs decides which engine is which (TRIALBASE_TEST_ENGINES,
// TRIALBASE_TEST_FULL_ENGINE); test/global-setup.ts migrates one template per engine and run.
const plan = apiSuitePlan();

const project = (engine: string, parity: boolean) => ({
  extends: true as const,
  test: {
    name: engine,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { TEST_DB: engine },
    globalSetup: ['test/global-setup.ts'],
    ...(parity ? { tagsFilter: [PARITY_FILTER] } : {}),
  },
});

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    tags: PARITY_TAGS,
    // Two cores: vitest's default is one worker (cores - 1). Test files mostly wait on the database
    // (a PostgreSQL server, or PGlite in the worker), so two keep both cores busy; with three or
    // more, PGlite set-ups hit the hook timeout on a loaded machine (issue 15). TRIALBASE_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TRIALBASE_TEST_WORKERS ?? 2),
    // A worker keeps its loaded modules (and PGlite's compiled WebAssembly) from one test file to
    // the next instead of starting a fresh process per file; tests share no state but the database
    // each builds for itself (test/harness.ts). TRIALBASE_TEST_ISOLATE=1 restores a process per file.
    isolate: Boolean(process.env.TRIALBASE_TEST_ISOLATE),
    projects: [...plan.full.map((e) => project(e, false)), ...plan.parity.map((e) => project(e, true))],
  },
});
