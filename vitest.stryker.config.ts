import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate` runs against each mutant: the contract's unit tests and the
 * server's unit tests beside the code (fast; their database is an empty PGlite loaded from a
 * kept dump). The server's integration tests (apps/server/test) seed the demo accounts in every
 * file and would cost seconds per mutant; the web's jsdom tests are not needed for these files.
 *
 * Stryker runs this in its sandbox, whose node_modules link back to the repository: the server
 * imports the repository's contract, unmutated. A mutant of the contract must be caught by the
 * contract's own tests, which is where its rules are tested.
 * @public Stryker's vitest runner loads it (stryker.config.mjs); nothing imports it.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
