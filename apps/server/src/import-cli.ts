import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import {
  IMPORT_KIND_NAMES,
  type ImportResult,
  type SeriesImportSummary,
} from '@kundenportal/contract';
import { fromCallerDir, readEnv } from './config';
import { openDatabase, type Database } from './db/client';
import { HttpError } from './lib/http-error';
import { importRecords } from './modules/import/service';
import { createSeriesImportService } from './modules/series-import/service';

/**
 * `npm run import -- <kind> <file>`: the operator interface's import from the command line, on
 * the same service, into the configured database (DATABASE_URL, or PGlite under DATA_DIR while
 * no server uses it), migrations applied. The file is a JSON array or NDJSON (one record a
 * line, read as a stream, so that its size is not bounded by memory).
 */

type ImportRun = (
  db: Database,
  records: AsyncIterable<unknown>,
  onProgress: (done: number) => void,
) => Promise<ImportResult>;

/** What each kind of master data runs. */
const KINDS: Record<string, ImportRun> = Object.fromEntries(
  IMPORT_KIND_NAMES.map((kind) => [
    kind,
    ((db, records, onProgress) => importRecords(db, kind, records, onProgress)) satisfies ImportRun,
  ]),
);

const PROGRESS_EVERY = 1000;
const MAX_REFUSALS_SHOWN = 50;
const SERIES_KINDS = ['energiemengen', 'preise'] as const;
type SeriesKind = (typeof SERIES_KINDS)[number];
const isSeriesKind = (kind: string): kind is SeriesKind =>
  (SERIES_KINDS as readonly string[]).includes(kind);
const USAGE = [
  'Aufruf: npm run import -- <art> <datei>',
  `Arten: ${Object.keys(KINDS).join(', ')}, preise`,
  '       npm run import -- energiemengen <datei> <vertragsnummer>',
  'Zeitreihen als .csv (Semikolon), .ndjson oder .json',
].join('\n');

/** A series file's format by its ending, as the operator port takes it by content type. */
function seriesFormatOf(path: string) {
  const ending = extname(path).toLowerCase();
  if (ending === '.csv') return 'csv';
  if (ending === '.ndjson' || ending === '.jsonl') return 'ndjson';
  if (ending === '.json') return 'json';
  throw new Error(`Die Dateiendung „${ending}“ ist keine der Zeitreihen: .csv, .ndjson, .json.`);
}

/** The file's first character that is not blank: "[" starts a JSON array, anything else is NDJSON. */
async function firstCharacter(path: string): Promise<string> {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').trimStart().charAt(0);
  } finally {
    await handle.close();
  }
}

async function* ndjsonRecords(path: string): AsyncIterable<unknown> {
  let line = 0;
  for await (const text of createInterface({
    input: createReadStream(path),
    crlfDelay: Infinity,
  })) {
    line++;
    if (text.trim() === '') continue;
    try {
      yield JSON.parse(text);
    } catch {
      throw new Error(`Zeile ${line} ist kein JSON-Objekt. NDJSON hat einen Datensatz je Zeile.`);
    }
  }
}

async function* arrayRecords(path: string): AsyncIterable<unknown> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error('Die Datei ist kein JSON-Array von Datensätzen.');
  yield* parsed;
}

const number = (value: number) => value.toLocaleString('de-DE');

function summary(result: ImportResult): string {
  const lines = [
    `Angelegt: ${number(result.angelegt)}, aktualisiert: ${number(result.aktualisiert)}, unverändert: ${number(result.unveraendert)}, abgelehnt: ${number(result.abgelehnt.length)}`,
    ...result.abgelehnt.slice(0, MAX_REFUSALS_SHOWN).map((refusal) => `  ${refusal.message}`),
  ];
  const more = result.abgelehnt.length - MAX_REFUSALS_SHOWN;
  if (more > 0) lines.push(`  … und ${number(more)} weitere abgelehnte Datensätze.`);
  return lines.join('\n');
}

function seriesSummary(result: SeriesImportSummary): string {
  return [
    `Zeilen: ${number(result.zeilen)} (${result.aufloesung === 'PT15M' ? 'Viertelstunden' : 'Stunden'}), ${result.von} bis ${result.bis}`,
    `Gespeichert: ${number(result.gespeichert)}, neu: ${number(result.neu)}, ersetzt: ${number(result.ersetzt)}, entfernt: ${number(result.entfernt)}`,
  ].join('\n');
}

/** A time series: refused whole or stored whole, so the answer is its summary or its refusal. */
async function runSeries(db: Database, kind: SeriesKind, path: string, contract?: string) {
  const service = createSeriesImportService(db, { now: () => new Date() });
  const body = createReadStream(path);
  const format = seriesFormatOf(path);
  try {
    const result =
      kind === 'preise'
        ? await service.importPrices(body, format)
        : await service.importConsumption(contract ?? '', body, format);
    console.log(`${kind} aus ${path}\n${seriesSummary(result)}`);
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.error(error.message);
    for (const reason of Object.values(error.felder ?? {})) console.error(`  ${reason}`);
    return 2;
  }
}

/** The configured database (DATABASE_URL, else PGlite under DATA_DIR), migrated. */
async function withDatabase(work: (db: Database) => Promise<number>): Promise<number> {
  const { databaseUrl, dataDir } = readEnv();
  const database = openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: `${dataDir}/pgdata` },
  );
  try {
    await database.exclusive(() => database.migrate());
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<number> {
  const [kind, file, contract] = args;
  const run = kind === undefined ? undefined : KINDS[kind];
  const series = kind !== undefined && isSeriesKind(kind) ? kind : undefined;
  if ((!run && !series) || file === undefined || (series === 'energiemengen' && !contract)) {
    console.error(USAGE);
    return 1;
  }
  const path = fromCallerDir(file);
  if (series) return withDatabase((db) => runSeries(db, series, path, contract));
  const records = (await firstCharacter(path)) === '[' ? arrayRecords(path) : ndjsonRecords(path);
  return withDatabase(async (db) => {
    const started = Date.now();
    const result = await run!(db, records, (done) => {
      if (done % PROGRESS_EVERY === 0)
        console.error(`… ${number(done)} Datensätze verarbeitet (${kind})`);
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${kind} aus ${file} in ${seconds} s\n${summary(result)}`);
    return result.abgelehnt.length > 0 ? 2 : 0;
  });
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`Import abgebrochen: ${(error as Error).message}`);
  process.exitCode = 1;
}
