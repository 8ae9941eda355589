import { defineConfig, type ReporterDescription } from '@playwright/test';

// Two workers by default: this machine has two cores, and each worker drives one Chromium against
// the one shared server (global-setup.ts). E2E_WORKERS overrides it (1 for a serial run).
const workers = Number(process.env.E2E_WORKERS ?? 2);

// The list reporter always; with PLAYWRIGHT_JSON_OUTPUT_NAME set, the JSON report too (read by
// scripts/test.mjs for the slowest files and by scripts/e2e-flake.mjs for failures).
const reporter: ReporterDescription[] = [['list']];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) {
  reporter.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]);
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Every test builds its own study (and users) through the API, so tests of one file run in
  // parallel too; the few that need a server of their own start it themselves.
  fullyParallel: true,
  workers,
  // No retries, in CI or anywhere: a flaky test fails and is fixed (scripts/e2e-flake.mjs).
  retries: 0,
  // Generous: the machine (2 cores) is often shared; a wait still ends as soon as its condition holds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
