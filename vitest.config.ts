import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const SERVER = {
  include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
  // The migrated databases the test servers copy, made once per run.
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
/** The server's test files that replace a module with vi.mock. */
const MOCKING_MODULES = [
  'apps/server/test/openapi-reference-retry.test.ts',
  'apps/server/test/password-reset.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default (one worker less than cores) runs one file at a time on CI's two cores,
    // though a server test file waits much of its time for PostgreSQL, child processes and
    // timers: two files at once keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // Beyond the waits' 10 s (test-setup.ts).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          ...SERVER,
          name: 'server',
          exclude: [...configDefaults.exclude, ...MOCKING_MODULES],
          // The server's modules are imported once per worker, not once per file: that import
          // (Fastify, PGlite, the routes) took a few seconds a file, 2 of the suite's 7.5 minutes
          // on CI's two cores. The test files keep no state in modules: each builds its own apps
          // on databases of its own.
          isolate: false,
        },
      },
      {
        // Files that replace a module (vi.mock) need modules of their own: a module imported
        // before by another file of the same worker would keep its real import.
        test: { ...SERVER, name: 'server-isolated', include: MOCKING_MODULES },
      },
    ],
  },
});
