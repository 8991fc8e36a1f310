/**
 * The login page's first paint in Lighthouse mobile (simulated slow 4G, 4× slower CPU): three
 * runs, each in a browser of its own (no service worker, no cache from the run before), and
 * their medians. The page is prerendered at the server's start for its variant, so each variant
 * is measured on a server of its own.
 */
import { median, scorePages } from './lighthouse';
import type { Row } from './table';

const RUNS = 3;

export async function loginPaintRows(origin: string, variant: string): Promise<Row[]> {
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    console.error(`Lighthouse /anmelden (${variant}), Lauf ${run} von ${RUNS} …`);
    // Nobody logs in: the login itself is never needed.
    runs.push(
      ...(await scorePages(origin, { kundennummer: '', passwort: '' }, [
        { path: '/anmelden', loggedIn: false },
      ])),
    );
  }
  return [
    {
      what: `Lighthouse mobile /anmelden (${variant}): first contentful paint, median of ${RUNS} (ms)`,
      value: median(runs.map((score) => score.firstContentfulPaintMs)),
      targets: { max: 1200 },
    },
    {
      what: `Lighthouse mobile /anmelden (${variant}): performance, median of ${RUNS}`,
      value: median(runs.map((score) => score.performance)),
      targets: { min: 98 },
    },
  ];
}
