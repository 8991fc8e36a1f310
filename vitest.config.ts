import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const SERVER = {
  include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
  // The migrated databases the test servers copy, made once per run.
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const WEB = {
  include: ['apps/web/src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test-setup.ts'],
  // Beyond the waits' 10 s (test-setup.ts).
  testTimeout: 30_000,
};
/**
 * The test files under `folders` that replace a module with vi.mock: they run with modules of
 * their own, since a module another file of the same worker imported before would keep its real
 * import. Found by their text, so that a new one cannot be forgotten.
 */
function filesMockingModules(folders: string[], testFile: RegExp): string[] {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => testFile.test(file))
      .map((file) => join(folder, file).split(sep).join('/'))
      .filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock(')),
  );
}
const WEB_MOCKING_MODULES = filesMockingModules(['apps/web/src'], /\.test\.tsx?$/);
const SERVER_MOCKING_MODULES = filesMockingModules(
  ['apps/server/src', 'apps/server/test'],
  /\.test\.ts$/,
);

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
      // The repository's own scripts (the docs check).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          ...WEB,
          name: 'web',
          exclude: [...configDefaults.exclude, ...WEB_MOCKING_MODULES],
          // One jsdom and one import of the app's modules per worker, not per file: those took most
          // of the web tests' time.
          // Each file that draws unmounts after each test (afterEach(cleanup)), and one that
          // stubs a global puts it back.
          isolate: false,
        },
      },
      { test: { ...WEB, name: 'web-isolated', include: WEB_MOCKING_MODULES } },
      {
        test: {
          ...SERVER,
          name: 'server',
          exclude: [...configDefaults.exclude, ...SERVER_MOCKING_MODULES],
          // The server's modules are imported once per worker, not once per file: that import
          // (Fastify, PGlite, the routes) took a few seconds a file, 2 of the suite's 7.5 minutes
          // on CI's two cores. The test files keep no state in modules: each builds its own apps
          // on databases of its own.
          isolate: false,
        },
      },
      { test: { ...SERVER, name: 'server-isolated', include: SERVER_MOCKING_MODULES } },
    ],
  },
});
