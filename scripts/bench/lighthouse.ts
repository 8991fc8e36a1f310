/**
 * Lighthouse (mobile settings, its simulated slow 4G and 4× slower CPU) on pages of the portal,
 * in Debian's Chromium. Logged-in pages are scored with a session made through the login form.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';
import { freePort } from './processes';

export interface LighthouseScore {
  path: string;
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  /** Largest contentful paint (ms), total blocking time (ms), cumulative layout shift. */
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  layoutShift: number;
  /**
   * Lighthouse's measure of the host's CPU and memory power. Its 4× slowdown is meant for a
   * host of 1,500–2,000 (docs/throttling.md of Lighthouse); on a slower one every page scores
   * lower, so a score is read beside it.
   */
  benchmarkIndex: number;
}

/** The middle of a few runs' values: one run's score moves with what else the machine does. */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The row of the host's benchmark index, the median of the runs' (see LighthouseScore). */
export const benchmarkIndexRow = (scores: LighthouseScore[]) => ({
  what: "Lighthouse's benchmark index of this host, median of its runs (its 4× slowdown is meant for 1,500–2,000)",
  value: median(scores.map((score) => score.benchmarkIndex)),
});

/**
 * BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's whole report there: which long tasks a
 * score is made of.
 */
const reportsDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
/**
 * BENCH_LIGHTHOUSE_CPU_SLOWDOWN=<factor> replaces Lighthouse's 4× CPU slowdown, to score a
 * host far from the 1,500–2,000 it is meant for as that host would: 4 × index / 1,750 (8 on a
 * host of 3,500).
 */
const cpuSlowdown = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN ?? 0);

/** One Lighthouse run; a run that ends in a runtime error (no paint seen) is tried once more. */
async function auditWithRetry(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The session lives in local storage; Lighthouse would otherwise wipe it first.
      disableStorageReset: true,
      ...(cpuSlowdown > 0 && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
    });
    if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}`);
    if (!result.lhr.runtimeError || attempt === 2) return result;
    console.error(`Lighthouse ${url}: ${result.lhr.runtimeError.code}, noch einmal`);
  }
}

export async function scorePages(
  origin: string,
  login: { kundennummer: string; passwort: string },
  pages: { path: string; loggedIn: boolean }[],
): Promise<LighthouseScore[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'kundenportal-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const scores: LighthouseScore[] = [];
  try {
    // Logged-out pages first, then one login for the rest: a session once made stays in local
    // storage, shared by every tab, as in a customer's browser.
    const ordered = [...pages].sort((a, b) => Number(a.loggedIn) - Number(b.loggedIn));
    let loggedInNow = false;
    for (const { path, loggedIn } of ordered) {
      if (loggedIn && !loggedInNow) {
        const page = await context.newPage();
        await page.goto(`${origin}/anmelden`);
        await page.getByLabel('Kundennummer').fill(login.kundennummer);
        await page.getByLabel('Passwort', { exact: true }).fill(login.passwort);
        await page.getByRole('button', { name: 'Anmelden' }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/anmelden'));
        await page.close();
        loggedInNow = true;
      }
      const result = await auditWithRetry(`${origin}${path}`, port);
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(
          join(reportsDir, `${path.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const { categories, audits } = result.lhr;
      scores.push({
        path,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        firstContentfulPaintMs: audits['first-contentful-paint']?.numericValue ?? NaN,
        largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        totalBlockingTimeMs: audits['total-blocking-time']?.numericValue ?? NaN,
        layoutShift: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return scores;
}
