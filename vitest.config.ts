import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker; the server files wait on PostgreSQL,
    // Redis and timers as much as they compute, and two workers took the project from 173 s to 129 s.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/helpers/dialog-polyfill.ts', 'tests/helpers/animation-polyfill.ts'],
        },
      },
      {
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure machines and no globals touched: the files share one module graph instead of
          // importing XState and the domain afresh each (a third of this project's time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file starts servers of its own and mocks nothing: one process loads Fastify,
          // socket.io, Drizzle and PGlite once for all the files instead of once per file.
          isolate: false,
          // Servers started in child processes inherit it; tests/helpers/server.ts sets it itself.
          env: { TEST_FAST_PASSWORD_HASHING: 'true' },
        },
      },
      {
        test: {
          // `npm run test:cluster`: two server processes behind HAProxy on a PostgreSQL and a
          // Redis of its own, which it breaks one at a time; apart, as it needs HAProxy installed.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          env: { TEST_FAST_PASSWORD_HASHING: 'true' },
        },
      },
      {
        test: {
          // `npm run test:operations`: what an operator runs beside the server (Prometheus and
          // promtool from Debian), apart, as it needs them installed.
          name: 'operations',
          include: ['tests/operations/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          env: { TEST_FAST_PASSWORD_HASHING: 'true' },
        },
      },
    ],
  },
});
