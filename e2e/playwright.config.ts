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
  // Tests that change shared demo data (passwords, a cancellation, new readings, 10001's contact
  // data, addresses and bank details) run after those that read it; the reset of 10001's
  // password, which every other spec logs in with, runs last.
  projects: [
    {
      name: 'screens',
      testIgnore: /(password|cancellation|password-reset|readings|customer-data)\.spec\.ts/,
    },
    {
      name: 'changes',
      testMatch: /(password|cancellation|readings|customer-data)\.spec\.ts/,
      dependencies: ['screens'],
    },
    { name: 'last', testMatch: /password-reset\.spec\.ts/, dependencies: ['changes'] },
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
  },
});
