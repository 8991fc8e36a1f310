/**
 * npm run bench:ab -- <web build A> <web build B>: the same screens of two builds of the web app
 * in alternating runs, each build served by a portal of its own on the same demo data, so that
 * a change is judged beside the build before it in the same minutes of a shared machine, not by
 * one run of each. Copy a build's apps/web/dist aside before building the other.
 *
 * By default Lighthouse scores each (mobile; BENCH_LIGHTHOUSE_CPU_SLOWDOWN as for `npm run
 * bench:screens`): the medians of performance and blocking time per screen and build.
 * BENCH_AB_TRACE=1 traces each load instead, as `npm run bench:profile` does (as 10001, the CPU
 * BENCH_AB_SLOWDOWN times slower, 4 unless given): the page's thread's time over 50 ms a task
 * and its busy time. That tells where a page's time goes, but not its score: a change that cut
 * the traced time scored lower with Lighthouse (docs/decisions/026-loading-work-off-the-page-thread.md). BENCH_SCREENS=<a
 * regular expression> picks the screens (every screen unless given), BENCH_AB_ROUNDS the runs of
 * each build (6 unless given).
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';
import { visitsOf } from '../../e2e/support/screen-list';
import { median, scorePages } from './lighthouse';
import { blockingMs, traceLoad } from './page-load';
import { prepareBenchDatabase } from './prepare-database';
import { startPortal } from './processes';

const [buildA, buildB] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error('Aufruf: npm run bench:ab -- <Web-Build A> <Web-Build B>');
  process.exit(2);
}
const DEMO = { kundennummer: '10001', passwort: 'Demo-2026!' } as const;
const only = new RegExp(process.env.BENCH_SCREENS ?? '');
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 6);
const slowdown = Number(process.env.BENCH_AB_SLOWDOWN ?? 4);
const withLighthouse = process.env.BENCH_AB_TRACE !== '1';
const pages = [
  // A traced load carries 10001's session, which sends a visitor's page elsewhere.
  ...(withLighthouse ? visitsOf('visitor').map((visit) => ({ ...visit, loggedIn: false })) : []),
  ...visitsOf(DEMO.kundennummer).map((visit) => ({ ...visit, loggedIn: true })),
].filter((page) => only.test(page.path));

/** Per build, per screen: the measured values of each load. */
type Measured = Map<string, number[]>[];
const measures = withLighthouse ? ['performance', 'TBT (ms)'] : ['over 50 ms (ms)', 'busy (ms)'];
const measured: Measured[] = measures.map(() => [
  new Map<string, number[]>(),
  new Map<string, number[]>(),
]);
const record = (build: number, path: string, values: number[]) =>
  values.forEach((value, index) => {
    const byPath = measured[index]![build]!;
    byPath.set(path, [...(byPath.get(path) ?? []), Math.round(value)]);
  });

const dists = [resolve(buildA), resolve(buildB)];
const databases = await Promise.all(dists.map(() => prepareBenchDatabase(0, undefined)));
const portals = await Promise.all(
  dists.map((dist, index) => startPortal({ ...databases[index]!.env, WEB_DIST: dist })),
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
let benchmarkIndex: number[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    console.error(`Runde ${round} von ${rounds} …`);
    // A B, then B A: neither build always goes first while the machine warms up or gets busy.
    const order = round % 2 === 1 ? [0, 1] : [1, 0];
    if (withLighthouse)
      for (const build of order)
        for (const score of await scorePages(portals[build]!.origin, DEMO, pages)) {
          record(build, score.path, [score.performance, score.totalBlockingTimeMs]);
          benchmarkIndex = [...benchmarkIndex, score.benchmarkIndex];
        }
    else
      for (const { path } of pages)
        for (const build of order) {
          const { tasks } = await traceLoad(browser, portals[build]!.origin, path, slowdown);
          const busy = tasks.reduce((sum, task) => sum + task.dur!, 0) / 1000;
          record(build, path, [blockingMs(tasks), busy]);
        }
  }
} finally {
  await browser.close();
  await Promise.all(portals.map((portal) => portal.stop()));
  await Promise.all(databases.map((database) => database.drop()));
}

const how = withLighthouse
  ? `Lighthouse mobile, benchmark index ${median(benchmarkIndex)}`
  : `the page's thread at ${slowdown}× slowdown`;
console.log(
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${how}, ${rounds} alternating loads of each build.\nA: ${dists[0]}\nB: ${dists[1]}\n`,
);
const cell = (values: number[]) => `${median(values)} (${values.join(', ')})`;
console.log(
  `| page | ${measures.flatMap((name) => [`A: ${name}`, `B: ${name}`]).join(' | ')} |\n|${'---|'.repeat(1 + 2 * measures.length)}`,
);
for (const { path } of pages)
  console.log(
    `| ${path} | ${measured.flatMap(([a, b]) => [cell(a!.get(path)!), cell(b!.get(path)!)]).join(' | ')} |`,
  );
