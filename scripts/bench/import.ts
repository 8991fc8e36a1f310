/**
 * The master-data import beside the customers: /api/health's and a customer's GET's p99 while
 * 20,000 Geschaeftspartner records are imported on the operator port, beside the same calls
 * without an import (the peer), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The
 * customers' app and the operator app as main.ts builds them, in this process (one event loop,
 * as a server has); one caller at a time per call. Run: npm run bench:import
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { readEnv } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { createScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { seedDemoDataIfEmpty } from '../../apps/server/src/demo/seed';
import { buildOperatorApp } from '../../apps/server/src/operator-app';

const RECORDS = 20_000;
const BATCH = 2_000;
const TARGET_P99_MS = 200;
const PEER_SAMPLES = 400;
const KEY = 'bench-operator-key-0123456789abcdefghijklmnopqrstuvwxyz';

const partners = Array.from({ length: RECORDS }, (_, i) => ({
  kundennummer: String(4_000_000 + i),
  anrede: 'Herr',
  vorname: 'Bernd',
  nachname: `Bench ${i}`,
  email: `bernd.${i}@example.de`,
  portalzugang: 'AKTIV',
}));

const p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? NaN;
};

/** Calls `url` one after the other until `until` says stop; the times in ms. */
async function sample(url: string, headers: Record<string, string>, until: () => boolean) {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const answer = await fetch(url, { headers });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

interface Result {
  database: string;
  health: { alone: number; importing: number };
  customer: { alone: number; importing: number };
  importSeconds: number;
}

async function measure(database: 'PGlite' | 'PostgreSQL', adminUrl?: string): Promise<Result> {
  const scratch = adminUrl
    ? await createScratchDatabase(adminUrl, 'kundenportal_bench_fairness')
    : undefined;
  const handle = openDatabase(scratch ? { url: scratch.url } : {});
  await handle.migrate();
  const { config } = readEnv({ PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent' });
  const appConfig = {
    ...config,
    webDist: undefined,
    mail: { outboxDir: mkdtempSync(join(tmpdir(), 'kp-bench-outbox-')) },
    embeddedDatabase: !scratch,
  };
  await seedDemoDataIfEmpty(handle.db, appConfig.mandant, new Date());
  const app = await buildApp(appConfig, handle.db);
  const operator = await buildOperatorApp(
    {
      ...appConfig,
      operator: {
        port: 0,
        host: '127.0.0.1',
        keys: [
          {
            name: 'bench',
            sha256: createHash('sha256').update(KEY).digest(),
            scopes: new Set(['import'] as const),
          },
        ],
        failuresPerMinute: 20,
      },
    },
    { db: handle.db, metrics: app.metrics, readCache: app.readCache },
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    await operator.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const operatorBase = `http://127.0.0.1:${(operator.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/anschlussnutzer/login`, {
      method: 'POST',
      headers: { kundennummer: '10001', passwort: 'Demo-2026!' },
    });
    const session = { token: login.headers.get('token')!, kundennummer: '10001' };
    const healthUrl = `${base}/api/health`;
    const customerUrl = `${base}/api/anschlussnutzer`;

    const count = (n: number) => {
      let calls = 0;
      return () => calls++ >= n;
    };
    const healthAlone = await sample(healthUrl, {}, count(PEER_SAMPLES));
    const customerAlone = await sample(customerUrl, session, count(PEER_SAMPLES));

    // In requests of 2,000 records: one request of 20,000 outlasts the server's 60 s idle
    // socket timeout on a slow host.
    const bodies = Array.from({ length: RECORDS / BATCH }, (_, i) =>
      JSON.stringify(partners.slice(i * BATCH, (i + 1) * BATCH)),
    );
    let importing = true;
    const started = performance.now();
    const imported = (async () => {
      let stored = 0;
      for (const body of bodies) {
        const answer = await fetch(`${operatorBase}/import/geschaeftspartner`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body,
        });
        const result = (await answer.json()) as { angelegt: number; aktualisiert: number };
        if (answer.status !== 200)
          throw new Error(`import: ${answer.status} ${JSON.stringify(result).slice(0, 200)}`);
        stored += result.angelegt + result.aktualisiert;
      }
      importing = false;
      if (stored !== RECORDS) throw new Error(`import stored ${stored} records`);
      return performance.now() - started;
    })();
    const [importMs, healthImporting, customerImporting] = await Promise.all([
      imported,
      sample(healthUrl, {}, () => !importing),
      sample(customerUrl, session, () => !importing),
    ]);
    return {
      database,
      health: { alone: p99(healthAlone), importing: p99(healthImporting) },
      customer: { alone: p99(customerAlone), importing: p99(customerImporting) },
      importSeconds: importMs / 1000,
    };
  } finally {
    await operator.close();
    await app.close();
    await handle.close();
    await scratch?.drop();
  }
}

const n = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

const results = [await measure('PGlite')];
if (process.env.TEST_DATABASE_URL)
  results.push(await measure('PostgreSQL', process.env.TEST_DATABASE_URL));
console.log(
  `| database | call | p99 without import | p99 during ${RECORDS.toLocaleString('en-US')}-record import | ratio | target | met |`,
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
let allMet = true;
for (const result of results) {
  for (const [call, times] of [
    ['GET /api/health', result.health],
    ['GET /api/anschlussnutzer', result.customer],
  ] as const) {
    const met = times.importing < TARGET_P99_MS;
    allMet &&= met;
    console.log(
      `| ${result.database} | ${call} | ${n(times.alone)} ms | ${n(times.importing)} ms | ${n(times.importing / times.alone)} × | p99 < ${TARGET_P99_MS} ms | ${met ? 'yes' : 'no'} |`,
    );
  }
  console.log(`| ${result.database} | import itself | | ${n(result.importSeconds)} s | | | |`);
}
process.exitCode = allMet ? 0 : 1;
