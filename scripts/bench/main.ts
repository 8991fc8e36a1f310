/**
 * npm run bench: the portal's speed beside a bare Fastify measured in the same run, its memory,
 * what the login page weighs and Lighthouse's scores, printed as one table with each target and
 * whether it is met. Embedded database by default; BENCH_DATABASE_URL runs it on PostgreSQL.
 * A number here means something only beside its peer: this machine is shared and noisy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  addMonths,
  berlinDayOf,
  historyWindow,
  latestReferenceDay,
  priceSeriesWindow,
  startOfBerlinDay,
} from '@kundenportal/contract';
import { SYNTHETIC_FIRST_NUMBER } from '../../apps/server/src/demo/synthetic';
import { measureGetRoutes } from './get-routes';
import { benchmarkIndexRow, median, scorePages } from './lighthouse';
import { CONNECTIONS, oneAtATime, SECONDS, underLoad, type LoadResult } from './load';
import { loginPaintRows } from './login-paint';
import { measurePageWeight } from './page-weight';
import { healthUnder, underLoadInSessions, type Send } from './pressure';
import { prepareBenchDatabase } from './prepare-database';
import { measureSeriesImport } from './series-import';
import { startBareFastify, startPortal } from './processes';
import { printTable, type Row } from './table';

const SYNTHETIC_CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5000);
const serverUrl = process.env.BENCH_DATABASE_URL;
const onPostgres = serverUrl !== undefined && serverUrl !== '';
const DEMO = { kundennummer: '10001', passwort: 'Demo-2026!' };
/** How long the portal is left without a request before its memory after the loads is read. */
const QUIET_BEFORE_MEMORY_MS = 5_000;

async function login(origin: string, kundennummer: string) {
  const response = await fetch(`${origin}/api/anschlussnutzer/login`, {
    method: 'POST',
    headers: { kundennummer, passwort: DEMO.passwort },
  });
  const token = response.headers.get('token');
  if (!token) throw new Error(`Anmeldung von ${kundennummer}: HTTP ${response.status}`);
  return { token, kundennummer };
}

const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_PAGES = [
  { path: '/anmelden', loggedIn: false },
  { path: '/', loggedIn: true },
  { path: '/vertrag/5000001/detail', loggedIn: true },
  { path: '/vertrag/5000001/ablesung', loggedIn: true },
  { path: '/vertrag/5000001/verbrauchshistorie', loggedIn: true },
];
/** The login page's weight and Lighthouse's scores; a failure here is a row, not a lost table. */
async function measureWeb(origin: string) {
  try {
    console.error('Gewicht von /anmelden …');
    const weight = await measurePageWeight(`${origin}/anmelden`);
    rows.push({
      what: '/anmelden: JavaScript and CSS transferred (kB)',
      value: weight.scriptAndStyleBytes / 1000,
      targets: { max: 110 },
    });

    // Three runs of each page and their median: one run's total blocking time on this shared
    // machine moved a page's score by up to five points between otherwise equal runs.
    const runs: Awaited<ReturnType<typeof scorePages>>[] = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      console.error(`Lighthouse, Lauf ${run} von ${LIGHTHOUSE_RUNS} …`);
      runs.push(await scorePages(origin, DEMO, LIGHTHOUSE_PAGES));
    }
    rows.push(benchmarkIndexRow(runs.flat()));
    for (const { path } of LIGHTHOUSE_PAGES) {
      const scores = runs.map((scored) => scored.find((score) => score.path === path)!);
      const performance = scores.map((score) => score.performance);
      rows.push({
        what: `Lighthouse mobile ${path}: performance, median of ${LIGHTHOUSE_RUNS} (${performance.join(', ')})`,
        value: median(performance),
        targets: { min: 95 },
      });
      rows.push({
        what: `Lighthouse mobile ${path}: accessibility, the lowest of ${LIGHTHOUSE_RUNS}`,
        value: Math.min(...scores.map((score) => score.accessibility)),
        targets: { min: 100 },
      });
    }
    // The login page is prerendered for the server's variant: each variant on a server of its own.
    rows.push(...(await loginPaintRows(origin, 'standard')));
    const kuestenwerkDir = mkdtempSync(join(tmpdir(), 'kundenportal-bench-kuestenwerk-'));
    const kuestenwerk = await startPortal({ DATA_DIR: kuestenwerkDir, MANDANT: 'kuestenwerk' });
    try {
      rows.push(...(await loginPaintRows(kuestenwerk.origin, 'kuestenwerk')));
    } finally {
      await kuestenwerk.stop();
      rmSync(kuestenwerkDir, { recursive: true, force: true });
    }
  } catch (error) {
    rows.push({
      what: `web measurements failed: ${(error as Error).message.split('\n')[0]}`,
      value: NaN,
      targets: { min: 0 },
    });
  }
}

console.error(`Datenbank wird vorbereitet (${SYNTHETIC_CUSTOMERS} synthetische Kunden) …`);
const database = await prepareBenchDatabase(SYNTHETIC_CUSTOMERS, serverUrl);
const portal = await startPortal(database.env);
const rows: Row[] = [];
try {
  const api = `${portal.origin}/api`;
  const session = await login(portal.origin, DEMO.kundennummer);
  const customerJson = await (await fetch(`${api}/anschlussnutzer`, { headers: session })).text();
  const customers = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      login(portal.origin, String(SYNTHETIC_FIRST_NUMBER + i)),
    ),
  );
  const bare = await startBareFastify(customerJson);
  let peer: LoadResult;
  let peerOfCustomers: LoadResult;
  try {
    console.error('Last auf den Peer …');
    peer = await underLoad(`${bare.origin}/api/anschlussnutzer`);
    peerOfCustomers = await underLoad(`${bare.origin}/api/anschlussnutzer`, customers);
  } finally {
    await bare.stop();
  }
  rows.push({ what: 'bare Fastify, the same JSON (peer)', load: peer });
  rows.push({
    what: `bare Fastify, headers in turns as below (peer of the ${CONNECTIONS} customers)`,
    load: peerOfCustomers,
  });

  const ratioTarget = onPostgres ? 0.15 : 0.1;
  const loaded = async (what: string, path: string, targets: Row['targets'] = {}) => {
    console.error(`Last auf ${path} …`);
    rows.push({ what, load: await underLoad(`${api}${path}`, session), peer, targets });
  };
  await loaded('GET /api/anschlussnutzer (authenticated)', '/anschlussnutzer', {
    ratio: ratioTarget,
    p99: 50,
  });
  console.error(`Last auf /anschlussnutzer, ${CONNECTIONS} Kunden …`);
  rows.push({
    what: `GET /api/anschlussnutzer, requests in turns of ${CONNECTIONS} customers' sessions`,
    load: await underLoad(`${api}/anschlussnutzer`, customers),
    peer: peerOfCustomers,
    targets: { ratio: ratioTarget, p99: 50 },
  });
  rows.push(...(await measureGetRoutes(api, session)));

  const now = new Date();
  const yearAgo = startOfBerlinDay(addDays(berlinDayOf(now), -365)).toISOString();
  const todayStart = startOfBerlinDay(berlinDayOf(now)).toISOString();
  const lastMonth = historyWindow(
    'TAEGLICH',
    addMonths(latestReferenceDay('TAEGLICH', now), -1),
    now,
  );
  const history = (von: string, bis: string, interval: string) =>
    `/vertrag/5000001/historie?${new URLSearchParams({ von, bis, interval }).toString()}`;
  // The server computes at most two histories or price series per session at once: the heavy
  // loads come from sessions of their own, two connections each.
  const heavySessions: Awaited<ReturnType<typeof login>>[] = [];
  for (let i = 0; i < 8; i++) heavySessions.push(await login(portal.origin, DEMO.kundennummer));
  // The price series as the screen asks for it (yesterday to tomorrow, shifted at noon), two at
  // once in each session (a customer has 20 logins a quarter hour); its peer answers the same
  // bytes to the same connections.
  const prices = priceSeriesWindow(now);
  const pricePath = `/vertrag/5000001/preiszeitreihe?${new URLSearchParams({
    von: prices.from.toISOString(),
    bis: prices.to.toISOString(),
  }).toString()}`;
  const priceJson = await (await fetch(`${api}${pricePath}`, { headers: session })).text();
  const priceBare = await startBareFastify(priceJson);
  try {
    console.error('Last auf die Preiszeitreihe und ihren Peer …');
    const inSessions = (url: string) =>
      underLoadInSessions(
        heavySessions.map((headers) => ({ url, headers })),
        2,
      );
    const pricePeer = await inSessions(`${priceBare.origin}${pricePath}`);
    rows.push({
      what: `GET /api/vertrag/{id}/preiszeitreihe, the screen's 2 days, 2 at once in each of ${heavySessions.length} sessions`,
      load: await inSessions(`${api}${pricePath}`),
      peer: pricePeer,
      targets: { ratio: 0.25, p99: 30 },
    });
  } finally {
    await priceBare.stop();
  }

  console.error('Last auf historie, ein Jahr stündlich …');
  rows.push({
    what: `GET historie hourly, a year (8,760 points), 2 at once in each of ${heavySessions.length} sessions`,
    load: await underLoadInSessions(
      heavySessions.map((headers) => ({
        url: `${api}${history(yearAgo, todayStart, 'hourly')}`,
        headers,
      })),
      2,
    ),
    peer,
  });
  // Many customers at the history at once: each its own contract's year, one request at a time.
  console.error(`Last auf historie, ein Jahr stündlich, ${CONNECTIONS} Kunden …`);
  const ownYears = await Promise.all(
    customers.map(async (headers) => {
      const { vertraege } = (await (await fetch(`${api}/anschlussnutzer`, { headers })).json()) as {
        vertraege: number[];
      };
      const path = history(yearAgo, todayStart, 'hourly').replace('5000001', String(vertraege[0]));
      return { url: `${api}${path}`, headers };
    }),
  );
  // Each customer's year read once first: the row is the history under many customers who come
  // back to it, not their first visits, whose months are read from the database and kept.
  for (const { url, headers } of ownYears)
    await (await fetch(url, { headers: { ...headers, 'accept-encoding': 'gzip' } })).arrayBuffer();
  rows.push({
    what: `GET historie hourly, a year, ${CONNECTIONS} customers at once, each its own contract, each read once before`,
    // In two threads: one thread reading every answer counted its own queue as the server's
    // latency (sessions-load.mjs).
    load: await underLoadInSessions(ownYears, 1, 2),
    targets: { perSecond: 400, p99: 250 },
  });

  console.error('/api/health unter den größten Anfragen …');
  const json = (headers: Record<string, string>, body: unknown, method = 'POST') => ({
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // The same bodies, sent to the portal or to a bare Fastify: sending 8–15 MB through loopback
  // costs this machine's two cores on both ends, whoever receives them. The peer row shows what
  // the machine alone does to /api/health; the portal's row what the portal adds to it.
  const largestTo = (origin: string): Send[] => [
    // refused from its headers: login takes no body
    {
      url: `${origin}/api/anschlussnutzer/login`,
      init: json({ kundennummer: '10002', passwort: 'falsch' }, { k: 'x'.repeat(8 * 2 ** 20) }),
    },
    // the largest JSON a call takes (32 kB), and the reading with the largest photo (15 MB)
    {
      url: `${origin}/api/anschlussnutzer/kontaktanfrage`,
      init: json(session, { betreff: 'SONSTIGES', text: 'x'.repeat(31 * 1024) }),
    },
    {
      url: `${origin}/api/vertrag/5000001/ablesungen`,
      init: json(session, {
        ablesedatum: berlinDayOf(now),
        zaehlernummer: 'x',
        ablesewerte: {},
        foto: 'A'.repeat(14 * 2 ** 20),
      }),
    },
  ];
  const eight = (sends: Send[]) => Array.from({ length: 8 }, (_, i) => sends[i % sends.length]!);
  const receiver = await startBareFastify('{}');
  try {
    rows.push({
      what: '/api/health while clients keep sending the same bodies to a bare Fastify (peer)',
      load: await healthUnder(portal.origin, eight(largestTo(receiver.origin))),
    });
  } finally {
    await receiver.stop();
  }
  rows.push({
    what: '/api/health while clients keep sending the largest bodies each route accepts',
    load: await healthUnder(portal.origin, eight(largestTo(portal.origin))),
    targets: { p99: 100 },
  });

  console.error('/api/health unter 8 Preiszeitreihen und 8 Jahreshistorien …');
  const longestHourly = startOfBerlinDay(addDays(berlinDayOf(now), -400)).toISOString();
  const priceWindow = `von=${startOfBerlinDay(addDays(berlinDayOf(now), -2)).toISOString()}&bis=${startOfBerlinDay(addDays(berlinDayOf(now), 1)).toISOString()}`;
  rows.push({
    what: '/api/health under 8 parallel largest-allowed price series and 8 largest histories',
    load: await healthUnder(
      portal.origin,
      heavySessions.flatMap((headers, i) =>
        [0, 1].map(() => ({
          url:
            i < 4
              ? `${api}/vertrag/5000001/preiszeitreihe?${priceWindow}`
              : `${api}${history(longestHourly, todayStart, 'hourly')}`,
          init: { headers: { ...headers, 'accept-encoding': 'br, gzip' } },
        })),
      ),
    ),
    targets: { p99: 100 },
  });

  const alone = async (what: string, path: string, median: number, headers = session) => {
    console.error(`Einzeln: ${path} …`);
    rows.push({ what, alone: await oneAtATime(`${api}${path}`, headers, 50), targets: { median } });
  };
  await alone('historie hourly, a year, one caller', history(yearAgo, todayStart, 'hourly'), 50);
  await alone('historie monthly, a year, one caller', history(yearAgo, todayStart, 'monthly'), 50);
  await alone(
    'historie daily, a month, one caller',
    history(lastMonth.from.toISOString(), lastMonth.to.toISOString(), 'daily'),
    20,
  );
  const syntheticNumber = String(SYNTHETIC_FIRST_NUMBER + SYNTHETIC_CUSTOMERS - 1);
  const synthetic = await login(portal.origin, syntheticNumber);
  const [syntheticContract] = (
    (await (await fetch(`${api}/anschlussnutzer`, { headers: synthetic })).json()) as {
      vertraege: number[];
    }
  ).vertraege;
  await alone(
    'verbraeuche of a synthetic customer, one caller',
    `/vertrag/${syntheticContract}/verbraeuche`,
    50,
    synthetic,
  );

  const rightAfter = portal.memory();
  // What the portal keeps once the loads are over: it gives back its garbage after two quiet
  // seconds (apps/server/src/lib/idle-memory.ts).
  await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_MEMORY_MS));
  const memory = portal.memory();
  rows.push({
    what: `portal resident memory after the loads, ${QUIET_BEFORE_MEMORY_MS / 1000} s without a request (MiB)`,
    value: memory.rssMiB,
    targets: { max: 384 },
  });
  rows.push({
    what: 'portal resident memory right after the last request (MiB)',
    value: rightAfter.rssMiB,
  });
  rows.push({
    what: 'portal resident memory, peak under the loads (MiB)',
    value: memory.peakMiB,
  });

  await measureWeb(portal.origin);
} finally {
  await portal.stop();
  await database.drop();
}

// The time-series import's target is set on PostgreSQL: a scratch database beside the bench's.
const importUrl = onPostgres ? serverUrl : process.env.TEST_DATABASE_URL;
if (importUrl) rows.push(...(await measureSeriesImport(importUrl)));
else
  rows.push({
    what: 'time-series import, 1 million rows: needs BENCH_DATABASE_URL or TEST_DATABASE_URL',
    value: NaN,
  });

const cpu = cpus();
console.log(
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model.trim()}, ` +
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; database: ${database.label}, ` +
    `${SYNTHETIC_CUSTOMERS} synthetic customers beside the demo accounts; autocannon ${CONNECTIONS} connections × ${SECONDS} s.`,
);
const allMet = printTable(rows);
process.exit(allMet ? 0 : 1);
