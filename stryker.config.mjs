// @ts-check
/**
 * Mutation testing of the business rules: `npm run mutate` (CONTRIBUTING.md, "Mutation testing").
 * Work on one file: `npm run mutate -- --mutate apps/server/src/lib/validity.ts`.
 * A mutant that cannot change behaviour is to be marked where it is made, with
 * `// Stryker disable next-line <mutator>: <why it is equivalent>`. Marked so far, all in the
 * contract (2026-11-26): the blank removal and the IBAN derivation's pre-check (`bank-rules.ts`),
 * the number-format cache and the calendar-day shortcut of `formatDate` (`format.ts`), the
 * fallbacks of two sorts that only ever see dated tariffs (`tariffs.ts`) and the empty path of a
 * schema issue (`issue-messages.ts`). Where the equivalent part could simply go (redundant length
 * or null checks), it went instead of being marked. `git grep "Stryker disable"` lists them.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts' },
  // With bail, a run that failed inside a test on PGlite often hung until the timeout (measured:
  // 16 of 81 consumption mutants); without it the file's other tests just run on.
  disableBail: true,
  mutate: [
    'packages/contract/src/**/*.ts',
    '!packages/contract/src/**/*.test.ts',
    // consumption, history pricing, plausibility, validity, throttling
    'apps/server/src/modules/consumption/service.ts',
    'apps/server/src/modules/history/service.ts',
    'apps/server/src/modules/tariffs/service.ts',
    'apps/server/src/modules/readings/plausibility.ts',
    'apps/server/src/lib/validity.ts',
    'apps/server/src/lib/validity-rows.ts',
    'apps/server/src/lib/rate-limits.ts',
  ],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: message texts, zod schemas, tables) would each reload
  // every related test file: measured 17 % of the mutants and 94 % of the run time (4 hours on
  // two busy cores). They are left out; their texts and values are checked by the unit tests
  // of the messages, schemas and constants. Stryker mutates no number literals in any case.
  ignoreStatic: true,
  // two cores, shared
  concurrency: 2,
  // generous: a busy machine is slow, and a timeout restarts the worker
  timeoutMS: 30_000,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // the sandbox needs the sources, configs and migrations, not the web app's assets or e2e
  ignorePatterns: ['e2e', 'apps/web', 'reports', 'docs', 'scripts', 'data'],
};
