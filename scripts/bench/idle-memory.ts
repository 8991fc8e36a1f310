/**
 * npm run bench:memory: the portal's resident memory (VmRSS, what the host sees) after the same
 * loads, in variants of its environment started alternately on copies of one embedded database:
 * right after the last request and after 10 s without one. BENCH_MEMORY_ROUNDS rounds (2).
 * The loads: logins, GET /api/anschlussnutzer, a year of hours compressed, the largest bodies.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, berlinDayOf, startOfBerlinDay } from '@kundenportal/contract';
import { SYNTHETIC_FIRST_NUMBER } from '../../apps/server/src/demo/synthetic';
import { CONNECTIONS, SECONDS, underLoad } from './load';
import { healthUnder, underLoadInSessions } from './pressure';
import { prepareBenchDatabase } from './prepare-database';
import { startPortal } from './processes';

const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 2);
const IDLE_MS = 10_000;
const PASSWORD = 'Demo-2026!';

/**
 * The variants, each the environment it adds to the portal's: as `npm start` and the systemd unit
 * start it (glibc's malloc thresholds fixed at 1 MiB), and with glibc's moving thresholds
 * (docs/decisions/024-memory-goes-back-when-idle.md).
 */
const VARIANTS: { name: string; env: Record<string, string> }[] = [
  { name: 'as started (thresholds at 1 MiB)', env: {} },
  { name: "glibc's moving thresholds", env: { GLIBC_TUNABLES: '' } },
];

async function login(origin: string, kundennummer: string) {
  const response = await fetch(`${origin}/api/anschlussnutzer/login`, {
    method: 'POST',
    headers: { kundennummer, passwort: PASSWORD },
  });
  const token = response.headers.get('token');
  if (!token) throw new Error(`Anmeldung von ${kundennummer}: HTTP ${response.status}`);
  return { token, kundennummer };
}

async function loads(origin: string) {
  const api = `${origin}/api`;
  const customers = [];
  for (let i = 0; i < CONNECTIONS; i += 5)
    customers.push(
      ...(await Promise.all(
        Array.from({ length: 5 }, (_, j) => login(origin, String(SYNTHETIC_FIRST_NUMBER + i + j))),
      )),
    );
  const perSecond = (await underLoad(`${api}/anschlussnutzer`, customers)).requestsPerSecond;

  const now = new Date();
  const yearAgo = startOfBerlinDay(addDays(berlinDayOf(now), -365)).toISOString();
  const today = startOfBerlinDay(berlinDayOf(now)).toISOString();
  const demo: Awaited<ReturnType<typeof login>>[] = [];
  for (let i = 0; i < 4; i++) demo.push(await login(origin, '10001'));
  const year = `${api}/vertrag/5000001/historie?${new URLSearchParams({ von: yearAgo, bis: today, interval: 'hourly' }).toString()}`;
  await underLoadInSessions(
    demo.map((headers) => ({ url: year, headers })),
    2,
  );

  // The largest bodies each route takes, as the bench sends them (a reading's photo of 14 MB).
  const [session] = demo;
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await healthUnder(origin, [
    {
      url: `${api}/anschlussnutzer/kontaktanfrage`,
      init: json({ betreff: 'SONSTIGES', text: 'x'.repeat(31 * 1024) }),
    },
    {
      url: `${api}/vertrag/5000001/ablesungen`,
      init: json({
        ablesedatum: berlinDayOf(now),
        zaehlernummer: 'x',
        ablesewerte: {},
        foto: 'A'.repeat(14 * 2 ** 20),
      }),
    },
  ]);
  return perSecond;
}

console.error('Datenbank wird vorbereitet …');
const database = await prepareBenchDatabase(Number(process.env.BENCH_CUSTOMERS ?? 200), undefined);
const results: { name: string; after: number; idle: number; peak: number; perSecond: number }[] =
  [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of VARIANTS) {
      const dataDir = mkdtempSync(join(tmpdir(), 'kundenportal-memory-'));
      cpSync(database.env.DATA_DIR, dataDir, { recursive: true });
      console.error(`Runde ${round}: ${variant.name} …`);
      const portal = await startPortal({ DATA_DIR: dataDir, ...variant.env });
      try {
        const perSecond = await loads(portal.origin);
        const after = portal.memory().rssMiB;
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
        const { rssMiB: idle, peakMiB: peak } = portal.memory();
        results.push({ name: variant.name, after, idle, peak, perSecond });
      } finally {
        await portal.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  await database.drop();
}

const cpu = cpus();
console.log(
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model.trim()}, Node ${process.version}, ${SECONDS} s a load.`,
);
console.log('| variant | after the loads (MiB) | after 10 s idle (MiB) | peak (MiB) | GETs/s |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of results)
  console.log(
    `| ${r.name} | ${r.after.toFixed(0)} | ${r.idle.toFixed(0)} | ${r.peak.toFixed(0)} | ${r.perSecond.toFixed(0)} |`,
  );
for (const variant of VARIANTS) {
  const mine = results.filter((r) => r.name === variant.name);
  const mean = (key: 'after' | 'idle') => mine.reduce((sum, r) => sum + r[key], 0) / mine.length;
  console.log(
    `${variant.name}: mean ${mean('after').toFixed(0)} MiB after the loads, ${mean('idle').toFixed(0)} MiB after idle`,
  );
}
