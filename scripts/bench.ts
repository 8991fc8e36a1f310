/**
 * npm run bench: speed and memory of what exists so far, against the real server over HTTP
 * on loopback, with embedded PostgreSQL and the demo data. Loops are bounded in count.
 * Targets are checked here, never by timed assertions in tests.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  addMonths,
  berlinDayOf,
  historyWindow,
  latestReferenceDay,
  startOfBerlinDay,
} from '@kundenportal/contract';
import { buildApp } from '../apps/server/src/app';
import { DEFAULT_LOGIN_THROTTLE, loadMandant } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemoDataIfEmpty } from '../apps/server/src/demo/seed';
import { seedSyntheticCustomers, SYNTHETIC_FIRST_NUMBER } from '../apps/server/src/demo/synthetic';

/** Customers beside the demo accounts, so that every table has a real supplier's size. */
const SYNTHETIC_CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5000);

interface Result {
  name: string;
  p50: number;
  p95: number;
  target?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(name: string, runs: number, call: () => Promise<Response>, target?: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), target } satisfies Result;
}

const startup = performance.now();
const database = openDatabase({});
await database.migrate();
const migrated = performance.now();
await seedDemoDataIfEmpty(database.db);
const seeded = performance.now();
await seedSyntheticCustomers(database.db, SYNTHETIC_CUSTOMERS);
const synthesized = performance.now();
const app = await buildApp(
  {
    sessionTtlSeconds: 1800,
    mandant: loadMandant('standard'),
    logLevel: 'silent',
    trustProxy: false,
    corsOrigins: [],
    now: () => new Date(),
    // The benchmark logs in more often than a person may; throttling is measured elsewhere.
    login: { ...DEFAULT_LOGIN_THROTTLE, maxFailuresPerCustomer: 1_000 },
    mail: { outboxDir: mkdtempSync(join(tmpdir(), 'kundenportal-bench-outbox-')) },
    passwordResetUrl: 'http://127.0.0.1/passwort/erneuern',
  },
  database.db,
);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

const login = () =>
  fetch(`${base}/anschlussnutzer/login`, {
    method: 'POST',
    headers: { kundennummer: '10001', passwort: 'Demo-2026!' },
  });
const token = (await login()).headers.get('token') ?? '';
const authenticated = { token, kundennummer: '10001' };

const syntheticLogin = await fetch(`${base}/anschlussnutzer/login`, {
  method: 'POST',
  headers: {
    kundennummer: String(SYNTHETIC_FIRST_NUMBER + SYNTHETIC_CUSTOMERS - 1),
    passwort: 'Demo-2026!',
  },
});
const synthetic = {
  token: syntheticLogin.headers.get('token') ?? '',
  kundennummer: String(SYNTHETIC_FIRST_NUMBER + SYNTHETIC_CUSTOMERS - 1),
};
const syntheticContract = (
  (await (await fetch(`${base}/anschlussnutzer`, { headers: synthetic })).json()) as {
    vertraege: number[];
  }
).vertraege[0];

// The consumption history of the dynamic demo contract: windows as the history screen asks.
const now = new Date();
const today = berlinDayOf(now);
const yearAgo = startOfBerlinDay(addDays(today, -365)).toISOString();
const todayStart = startOfBerlinDay(today).toISOString();
const lastMonth = historyWindow(
  'TAEGLICH',
  addMonths(latestReferenceDay('TAEGLICH', now), -1),
  now,
);
const historyCall = (von: string, bis: string, interval: string) => () =>
  fetch(
    `${base}/vertrag/5000001/historie?${new URLSearchParams({ von, bis, interval }).toString()}`,
    {
      headers: authenticated,
    },
  );

const results: Result[] = [
  await measure('POST /anschlussnutzer/login (argon2id)', 20, login, 500),
  await measure(
    'GET /anschlussnutzer',
    300,
    () => fetch(`${base}/anschlussnutzer`, { headers: authenticated }),
    50,
  ),
  await measure(
    'GET /token/refresh',
    300,
    () => fetch(`${base}/token/refresh`, { headers: authenticated }),
    50,
  ),
  await measure('GET /health', 300, () => fetch(`${base}/health`), 20),
  await measure(
    'GET /vertrag/{id}',
    300,
    () => fetch(`${base}/vertrag/5000001`, { headers: authenticated }),
    50,
  ),
  await measure(
    'GET /vertrag/{id}/aktueller_tarif (dynamic)',
    50,
    () => fetch(`${base}/vertrag/5000001/aktueller_tarif`, { headers: authenticated }),
    250,
  ),
  await measure(
    'GET /vertrag/{id}/tarifhistorie',
    300,
    () => fetch(`${base}/vertrag/5000001/tarifhistorie`, { headers: authenticated }),
    50,
  ),
  await measure(
    'GET /dokument/alle',
    300,
    () => fetch(`${base}/dokument/alle`, { headers: authenticated }),
    50,
  ),
  await measure(
    'GET /dokument/daten/{id} (PDF)',
    100,
    () => fetch(`${base}/dokument/daten/1`, { headers: authenticated }),
    50,
  ),
  await measure(
    'GET /vertrag/{id}/verbraeuche (synthetic)',
    300,
    () => fetch(`${base}/vertrag/${syntheticContract}/verbraeuche`, { headers: synthetic }),
    50,
  ),
  await measure(
    'GET /vertrag/{id}/historie hourly, a year (8760 h)',
    50,
    historyCall(yearAgo, todayStart, 'hourly'),
    50,
  ),
  await measure(
    'GET /vertrag/{id}/historie monthly, a year',
    50,
    historyCall(yearAgo, todayStart, 'monthly'),
    50,
  ),
  await measure(
    'GET /vertrag/{id}/historie daily, a month',
    100,
    historyCall(lastMonth.from.toISOString(), lastMonth.to.toISOString(), 'daily'),
    20,
  ),
  await measure(
    'GET /preiszeitreihe (2 days of quarter-hours)',
    100,
    () => fetch(`${base}/preiszeitreihe`, { headers: authenticated }),
    20,
  ),
  await measure(
    'GET /feiertage?years=2026,2027',
    100,
    () => fetch(`${base}/feiertage?years=2026,2027`),
    50,
  ),
];

const rssMiB = process.memoryUsage().rss / 2 ** 20;
console.log(
  `start: migrate ${(migrated - startup).toFixed(0)} ms, demo data ${(seeded - migrated).toFixed(0)} ms, ` +
    `${SYNTHETIC_CUSTOMERS} synthetic customers ${(synthesized - seeded).toFixed(0)} ms`,
);
console.log(
  `memory: rss ${rssMiB.toFixed(0)} MiB (target < 1024 MiB; the embedded PostgreSQL's WASM heap is most of it)`,
);
let failed = rssMiB >= 1024;
for (const { name, p50, p95, target } of results) {
  const verdict =
    target === undefined
      ? ''
      : p95 <= target
        ? `ok (p95 ≤ ${target} ms)`
        : `ZU LANGSAM (p95 > ${target} ms)`;
  if (target !== undefined && p95 > target) failed = true;
  console.log(
    `${name.padEnd(46)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${verdict}`,
  );
}
await app.close();
await database.close();
process.exit(failed ? 1 : 0);
