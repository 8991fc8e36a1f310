import { defineConfig } from '@playwright/test';

/** Debian's Chromium with the flags this machine needs (no downloads, no outside network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // Tests that change shared demo data run after those that read it, in steps that do not see
  // each other's changes: passwords of 10003/10005, a cancellation and new readings; then
  // 10001's contact data (its e-mail, which the reading mails go to), addresses and bank
  // details; last the reset of 10001's password, which every other spec logs in with.
  projects: [
    {
      name: 'screens',
      testIgnore:
        /(password|cancellation|password-reset|readings|customer-data|operator-walk)\.spec\.ts/,
    },
    {
      name: 'changes',
      testMatch: /(password|cancellation|readings)\.spec\.ts/,
      dependencies: ['screens'],
    },
    { name: 'customer-data', testMatch: /customer-data\.spec\.ts/, dependencies: ['changes'] },
    // The operator walk of docs/operator-api.md on a server of its own, from an empty database (no demo data).
    { name: 'operator-walk', testMatch: /operator-walk\.spec\.ts/ },
    { name: 'last', testMatch: /password-reset\.spec\.ts/, dependencies: ['customer-data'] },
  ],
  use: {
    browserName: 'chromium',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    // The portal's service worker would answer pages and scripts itself, out of page.route's
    // and the request counts' sight; only offline-app.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
  },
});
