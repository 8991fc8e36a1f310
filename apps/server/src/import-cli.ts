import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { IMPORT_KIND_NAMES, type ImportResult } from '@kundenportal/contract';
import { readEnv } from './config';
import { openDatabase, type Database } from './db/client';
import { importRecords } from './modules/import/service';

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

/**
 * What each kind runs. The time series (energiemengen, preise) add their own entries here:
 * the same signature, their own service.
 */
const KINDS: Record<string, ImportRun> = Object.fromEntries(
  IMPORT_KIND_NAMES.map((kind) => [
    kind,
    ((db, records, onProgress) => importRecords(db, kind, records, onProgress)) satisfies ImportRun,
  ]),
);

const PROGRESS_EVERY = 1000;
const MAX_REFUSALS_SHOWN = 50;
const USAGE = `Aufruf: npm run import -- <art> <datei>\nArten: ${Object.keys(KINDS).join(', ')}`;

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

async function main(args: string[]): Promise<number> {
  const [kind, file] = args;
  const run = kind === undefined ? undefined : KINDS[kind];
  if (!run || file === undefined) {
    console.error(USAGE);
    return 1;
  }
  const path = isAbsolute(file) ? file : resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const records = (await firstCharacter(path)) === '[' ? arrayRecords(path) : ndjsonRecords(path);
  const { databaseUrl, dataDir } = readEnv();
  const database = openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: `${dataDir}/pgdata` },
  );
  try {
    await database.exclusive(() => database.migrate());
    const started = Date.now();
    const result = await run(database.db, records, (done) => {
      if (done % PROGRESS_EVERY === 0)
        console.error(`… ${number(done)} Datensätze verarbeitet (${kind})`);
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${kind} aus ${file} in ${seconds} s\n${summary(result)}`);
    return result.abgelehnt.length > 0 ? 2 : 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`Import abgebrochen: ${(error as Error).message}`);
  process.exitCode = 1;
}
