/**
 * npm run bench:screens: Lighthouse (mobile) on every screen of spec §2, as a visitor and as
 * 10001 on each of the contracts the screens lead to, against the built portal on the demo
 * data: performance ≥ 95 and accessibility 100 on each. One table, one row a screen and score.
 * Its own command: about ten seconds a screen, too long for `npm run bench`, which scores five.
 */
import { visitsOf } from '../../e2e/support/screen-list';
import { benchmarkIndexRow, median, scorePages, type LighthouseScore } from './lighthouse';
import { prepareBenchDatabase } from './prepare-database';
import { startPortal } from './processes';
import { printTable, type Row } from './table';

const ms = (value: number) => `${Math.round(value)} ms`;
const DEMO = { kundennummer: '10001', passwort: 'Demo-2026!' } as const;
/** BENCH_SCREENS=<a regular expression> scores only the paths it finds, for a closer look. */
const only = new RegExp(process.env.BENCH_SCREENS ?? '');
/**
 * BENCH_SCREEN_RUNS=3 scores each screen three times and takes the median, as `npm run bench`
 * does for its five pages: one run's total blocking time on a shared machine moves a score by up
 * to five points.
 */
const runs = Number(process.env.BENCH_SCREEN_RUNS ?? 1);
const pages = [
  ...visitsOf('visitor').map((visit) => ({ ...visit, loggedIn: false })),
  ...visitsOf(DEMO.kundennummer).map((visit) => ({ ...visit, loggedIn: true })),
].filter((page) => only.test(page.path));

const database = await prepareBenchDatabase(0, undefined);
const portal = await startPortal(database.env);
const rows: Row[] = [];
try {
  const scored: LighthouseScore[][] = [];
  for (let run = 1; run <= runs; run++) {
    console.error(`Lighthouse auf ${pages.length} Seiten, Lauf ${run} von ${runs} …`);
    scored.push(await scorePages(portal.origin, DEMO, pages));
  }
  rows.push(benchmarkIndexRow(scored.flat()));
  const medians = pages.map(({ path }) => ({
    path,
    performance: median(scored.map((run) => run.find((score) => score.path === path)!.performance)),
  }));
  const weakest = medians.reduce((low, page) => (page.performance < low.performance ? page : low));
  rows.push({
    what: `the weakest screen's performance: ${weakest.path}`,
    value: weakest.performance,
    targets: { min: 95 },
  });
  for (const { path } of pages) {
    const scores = scored.map((run) => run.find((score) => score.path === path)!);
    const performance = scores.map((score) => score.performance);
    // The run of the median score: what the score is made of, to know where to look.
    const middle = scores.find((score) => score.performance === median(performance))!;
    const each = runs > 1 ? `median of ${runs} (${performance.join(', ')}), ` : '';
    rows.push(
      {
        what: `${path}: performance, ${each}FCP ${ms(middle.firstContentfulPaintMs)}, LCP ${ms(middle.largestContentfulPaintMs)}, TBT ${ms(middle.totalBlockingTimeMs)}, CLS ${middle.layoutShift.toFixed(3)}`,
        value: middle.performance,
        targets: { min: 95 },
      },
      {
        what: `${path}: accessibility${runs > 1 ? ', the lowest of its runs' : ''}`,
        value: Math.min(...scores.map((score) => score.accessibility)),
        targets: { min: 100 },
      },
    );
  }
} finally {
  await portal.stop();
  await database.drop();
}
console.log(
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Lighthouse mobile.`,
);
process.exit(printTable(rows) ? 0 : 1);
