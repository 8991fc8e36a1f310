/**
 * npm run restore -- <datei>: a backup of `npm run backup` into an empty DATA_DIR or an empty
 * PostgreSQL database (DATABASE_URL), then the migrations it does not have yet.
 */
import { join } from 'node:path';
import { fromCallerDir, readDatabaseEnv } from './config';
import { RestoreRefused, restoreBackup } from './modules/backup/restore';

const USAGE = [
  'Aufruf: npm run restore -- <datei>',
  'Spielt eine Sicherung in eine leere Datenbank zurück: die aus DATABASE_URL, sonst die',
  'eingebettete unter DATA_DIR. Der Server läuft dabei nicht; danach wie gewohnt starten.',
].join('\n');

async function main(args: string[]): Promise<number> {
  const [file] = args;
  if (file === undefined || args.length > 1) {
    console.error(USAGE);
    return 1;
  }
  const path = fromCallerDir(file);
  const { databaseUrl, dataDir } = readDatabaseEnv();
  const target = databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'pgdata') };
  try {
    const { manifest, schema } = await restoreBackup(path, target);
    console.log(
      [
        `Zurückgespielt: ${path} (${manifest.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, gesichert ${manifest.createdAt}, Datenbankstand ${manifest.schema.tag})`,
        `  nach ${databaseUrl ? 'DATABASE_URL' : join(dataDir, 'pgdata')}; Datenbankstand jetzt ${schema?.tag ?? 'unbekannt'}.`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(error.message);
    return 2;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`Wiederherstellung abgebrochen: ${(error as Error).message}`);
  process.exitCode = 1;
}
