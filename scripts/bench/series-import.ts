/**
 * The time-series import's row of the bench: about a million hourly consumption rows
 * (a year of 115 contracts) through the import service, from the CSV an EDM exports, beside a
 * plain COPY of the same rows into the same table in the same run (the peer). On PostgreSQL, in a
 * scratch database of its own. Run alone: node --import tsx scripts/bench/series-import.ts
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { berlinIso, startOfBerlinDay } from '@kundenportal/contract';
import { openDatabase } from '../../apps/server/src/db/client';
import { ensureHourlyPartitions } from '../../apps/server/src/db/partitions';
import { createScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { householdConsumption } from '../../apps/server/src/demo/energy-series';
import { seedSyntheticCustomers } from '../../apps/server/src/demo/synthetic';
import { createSeriesImportService } from '../../apps/server/src/modules/series-import/service';
import type { Row } from './table';

const CONTRACTS = 115;
const HOUR_MS = 3_600_000;
/** A whole past year, German time: 8,760 hours from 1 January 2025. */
const FROM = startOfBerlinDay('2025-01-01');
const TO = startOfBerlinDay('2026-01-01');

export async function measureSeriesImport(adminUrl: string): Promise<Row[]> {
  const scratch = await createScratchDatabase(adminUrl, 'kundenportal_bench_import');
  const database = openDatabase({ url: scratch.url });
  const copyClient = new pg.Client({ connectionString: scratch.url });
  try {
    await database.migrate();
    await seedSyntheticCustomers(database.db, Math.ceil(CONTRACTS / 2));
    await copyClient.connect();
    const contracts = (
      await copyClient.query<{ id: number }>('select id from contracts order by id limit $1', [
        CONTRACTS,
      ])
    ).rows.map((row) => row.id);
    await ensureHourlyPartitions(database.db, FROM, new Date(TO.getTime() - 1));

    // the same rows twice: as the EDM's CSV per contract, and as COPY's text
    const hours: number[] = [];
    for (let t = FROM.getTime(); t < TO.getTime(); t += HOUR_MS) hours.push(t);
    const times = hours.map(berlinIso);
    const utc = hours.map((t) => new Date(t).toISOString());
    const csv = new Map<number, string>();
    const copyLines: string[] = [];
    contracts.forEach((id, index) => {
      const lines = ['Zeitstempel;Wert;Einheit;Status'];
      hours.forEach((t, hour) => {
        const value = householdConsumption(new Date(t), 2500 + index * 20);
        lines.push(`${times[hour]};${String(value).replace('.', ',')};kWh;W`);
        copyLines.push(`${id}\t${utc[hour]}\t${value}\n`);
      });
      csv.set(id, lines.join('\r\n'));
    });
    const total = copyLines.length;
    const count = async () =>
      (await copyClient.query<{ n: number }>('select count(*)::int as n from hourly_consumption'))
        .rows[0]!.n;

    console.error(`COPY von ${total.toLocaleString('de-DE')} Verbrauchszeilen …`);
    const started = performance.now();
    await pipeline(
      Readable.from(copyLines),
      copyClient.query(
        copyFrom('copy hourly_consumption (contract_id, von, verbrauch) from stdin'),
      ),
    );
    const copySeconds = (performance.now() - started) / 1000;
    if ((await count()) !== total) throw new Error('COPY stored another number of rows');
    await copyClient.query('truncate hourly_consumption');

    console.error('Import derselben Zeilen über den Dienst …');
    const service = createSeriesImportService(database.db, { now: () => new Date() });
    const importAll = async () => {
      const begin = performance.now();
      for (const id of contracts)
        await service.importConsumption(String(id), [csv.get(id)!], 'csv');
      return (performance.now() - begin) / 1000;
    };
    const importSeconds = await importAll();
    if ((await count()) !== total) throw new Error('the import stored another number of rows');
    console.error('Dieselben Zeilen noch einmal (ersetzen) …');
    const replaceSeconds = await importAll();
    if ((await count()) !== total) throw new Error('replacing changed the number of rows');

    const label = `${total.toLocaleString('en-US')} hourly consumption rows (${CONTRACTS} contracts × a year)`;
    return [
      {
        what: `COPY of ${label} into hourly_consumption (peer), rows/s`,
        value: total / copySeconds,
      },
      {
        what: `import of the same rows from EDM CSV through the service, s`,
        value: importSeconds,
        targets: { max: 60 },
      },
      { what: `import of the same rows, rows/s`, value: total / importSeconds },
      { what: `import / COPY, time ratio`, value: importSeconds / copySeconds },
      {
        what: `the same import again (replacing every row), s`,
        value: replaceSeconds,
        targets: { max: 60 },
      },
    ];
  } finally {
    await copyClient.end().catch(() => undefined);
    await database.close();
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const { printTable } = await import('./table');
  printTable(await measureSeriesImport(url));
}
