/**
 * npm run backup -- <datei>: a backup of the configured database into a new file (docs/operations.md,
 * "Backup and restore"). PostgreSQL: pg_dump, whether the server runs or not.
 * PGlite: its files belong to the one process that opened them, so a running server is asked
 * through the operator port (BETRIEB_PORT, BETRIEB_SCHLUESSEL); a stopped one's DATA_DIR is
 * opened here.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fromCallerDir, readDatabaseEnv } from './config';
import { openDatabase } from './db/client';
import { DataDirInUse } from './db/data-dir-lock';
import { openBackup } from './modules/backup/dump';
import { readHeader } from './modules/backup/file-format';

const USAGE = [
  'Aufruf: npm run backup -- <datei>',
  'Sichert die Datenbank aus DATABASE_URL (mit pg_dump) oder die eingebettete unter DATA_DIR.',
  'Läuft der Server mit eingebetteter Datenbank, sichert er selbst: dazu BETRIEB_PORT (und',
  'BETRIEB_HOST) wie beim Server und BETRIEB_SCHLUESSEL=<Schlüssel der Betriebsschnittstelle> setzen.',
].join('\n');

/** The operator port of a running server, when the caller gave its address and a key. */
function operatorCall(): { url: string; key: string } | undefined {
  const port = process.env.BETRIEB_PORT;
  const key = process.env.BETRIEB_SCHLUESSEL;
  if (!port || !key) return undefined;
  let host = process.env.BETRIEB_HOST || '127.0.0.1';
  if (host === '0.0.0.0') host = '127.0.0.1';
  if (host === '::') host = '::1';
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/backup`, key };
}

/** The backup as the running server streams it; undefined when nothing listens there. */
async function fromServer(call: { url: string; key: string }): Promise<Readable | undefined> {
  let answer: Response;
  try {
    answer = await fetch(call.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${call.key}` },
    });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return undefined;
    throw error;
  }
  if (!answer.ok || !answer.body) {
    const text = await answer.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`Die Betriebsschnittstelle antwortet ${answer.status}: ${message}`);
  }
  return Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>);
}

async function fromDatabase(target: { url: string } | { dataDir: string }) {
  const database = openDatabase(target);
  try {
    const backup = await openBackup(database.db);
    return { stream: backup.stream, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function main(args: string[]): Promise<number> {
  const [file] = args;
  if (file === undefined || args.length > 1) {
    console.error(USAGE);
    return 1;
  }
  const path = fromCallerDir(file);
  if (existsSync(path)) {
    console.error(`Die Datei ${path} gibt es schon; eine Sicherung überschreibt nichts.`);
    return 1;
  }
  const { databaseUrl, dataDir } = readDatabaseEnv();
  const started = Date.now();
  let source: { stream: Readable; close?: () => Promise<void> } | undefined;
  let via: string;
  if (databaseUrl) {
    source = await fromDatabase({ url: databaseUrl });
    via = 'pg_dump';
  } else {
    const pgdata = join(dataDir, 'pgdata');
    const call = operatorCall();
    const stream = call ? await fromServer(call) : undefined;
    if (stream) {
      source = { stream };
      via = 'über die Betriebsschnittstelle des laufenden Servers';
    } else {
      if (!existsSync(join(pgdata, 'PG_VERSION'))) {
        console.error(`Unter ${pgdata} liegt keine Datenbank: DATA_DIR prüfen.`);
        return 1;
      }
      try {
        source = await fromDatabase({ dataDir: pgdata });
      } catch (error) {
        if (!(error instanceof DataDirInUse)) throw error;
        console.error(
          [
            `Die eingebettete Datenbank unter ${pgdata} ist geöffnet: der Server läuft.`,
            'Ein zweiter Prozess darf sie dann nicht öffnen. Entweder über den laufenden Server sichern:',
            '  BETRIEB_PORT=<Port der Betriebsschnittstelle> BETRIEB_SCHLUESSEL=<Schlüssel> npm run backup -- <datei>',
            'oder den Server beenden und erneut aufrufen.',
            error.message,
          ].join('\n'),
        );
        return 2;
      }
      via = 'aus dem DATA_DIR des angehaltenen Servers';
    }
  }
  const temporary = `${path}.tmp-${process.pid}`;
  try {
    await pipeline(source.stream, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    // A server's answer that broke off would not have its header: read it back.
    const { manifest } = await readHeader(temporary);
    await rename(temporary, path);
    const megabytes = ((await stat(path)).size / 1024 / 1024).toLocaleString('de-DE', {
      maximumFractionDigits: 1,
    });
    const seconds = ((Date.now() - started) / 1000).toLocaleString('de-DE', {
      maximumFractionDigits: 1,
    });
    console.log(
      `Sicherung geschrieben: ${path} (${megabytes} MB, ${manifest.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, Datenbankstand ${manifest.schema.tag}, ${via}) in ${seconds} s`,
    );
    return 0;
  } finally {
    await rm(temporary, { force: true });
    await source.close?.();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`Sicherung abgebrochen: ${(error as Error).message}`);
  process.exitCode = 1;
}
