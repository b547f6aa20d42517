import { defineConfig } from '@playwright/test';
import { serverNodeFlags } from './scripts/server-build.mjs';
import { testBrowserLaunchOptions } from './tests/e2e/helpers/browser';

// scripts/e2e.mjs picks the port and data folder once for the runner and all its workers, and
// builds the server it runs (run without it, the suite starts the sources through tsx).
const port = Number(process.env.E2E_PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // Two-browser scenarios with registrations and the spec's 1–2 s delays take a while on
  // a loaded 2-core machine; one retry on CI keeps a slow run from reading as a broken product.
  retries: process.env.CI ? 1 : 0,
  timeout: 150_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: `${origin}/shatteredrealms/`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: testBrowserLaunchOptions,
    // The landing's field of 1,000 particles redraws at 30 fps behind every home screen, lobby and
    // menu: with two or three pages per test it was most of the suite's CPU. A visitor who asks for
    // less motion gets one still frame; tests/e2e/auth.spec.ts keeps the animated entrance.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace films every page of every test: the suite took 512 s with it, 411 s without
    // (2 cores, full Chromium). A failure on CI is traced on its retry; locally,
    // `npm run test:e2e -- --trace on` records them all.
    trace: 'on-first-retry',
  },
  webServer: {
    command: process.env.E2E_SERVER
      ? `node ${serverNodeFlags.join(' ')} ${process.env.E2E_SERVER}`
      : 'node --import tsx server/main.ts',
    url: `${origin}/shatteredrealms/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      AUTH_RATE_LIMIT_MAX: '1000',
      TEST_FAST_PASSWORD_HASHING: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
