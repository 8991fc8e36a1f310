/**
 * npm run bench:screens: Lighthouse (mobile) on every screen of spec §2, as a visitor and as
 * 10001 on each of the contracts the screens lead to, against the built portal on the demo
 * data: performance ≥ 95 and accessibility 100 on each. One table, one row a screen and score.
 * Its own command: about ten seconds a screen, too long for `npm run bench`, which scores five.
 */
import { visitsOf } from '../../e2e/support/screen-list';
import { benchmarkIndexRow, scorePages } from './lighthouse';
import { prepareBenchDatabase } from './prepare-database';
import { startPortal } from './processes';
import { printTable, type Row } from './table';

const ms = (value: number) => `${Math.round(value)} ms`;
const DEMO = { kundennummer: '10001', passwort: 'Demo-2026!' } as const;
/** BENCH_SCREENS=<a regular expression> scores only the paths it finds, for a closer look. */
const only = new RegExp(process.env.BENCH_SCREENS ?? '');
const pages = [
  ...visitsOf('visitor').map((visit) => ({ ...visit, loggedIn: false })),
  ...visitsOf(DEMO.kundennummer).map((visit) => ({ ...visit, loggedIn: true })),
].filter((page) => only.test(page.path));

const database = await prepareBenchDatabase(0, undefined);
const portal = await startPortal(database.env);
const rows: Row[] = [];
try {
  console.error(`Lighthouse auf ${pages.length} Seiten …`);
  const scores = await scorePages(portal.origin, DEMO, pages);
  rows.push(benchmarkIndexRow(scores));
  for (const score of scores) {
    rows.push(
      {
        // What the score is made of, to know where to look when it falls.
        what: `${score.path}: performance (FCP ${ms(score.firstContentfulPaintMs)}, LCP ${ms(score.largestContentfulPaintMs)}, TBT ${ms(score.totalBlockingTimeMs)}, CLS ${score.layoutShift.toFixed(3)})`,
        value: score.performance,
        targets: { min: 95 },
      },
      { what: `${score.path}: accessibility`, value: score.accessibility, targets: { min: 100 } },
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
