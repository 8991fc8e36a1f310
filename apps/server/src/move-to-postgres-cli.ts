import { readDatabaseEnv } from './config';
import { moveToPostgres } from './move/move-to-postgres';
import { MoveRefused } from './move/target';

/**
 * `npm run move-to-postgres -- <DATABASE_URL>`: the embedded database under DATA_DIR (as
 * `npm start` reads it) into an empty PostgreSQL database; afterwards `DATABASE_URL=… npm start`
 * serves the same portal. Exit 0 when every table's digest is the same on both sides, 2 when
 * one differs, 1 when the move was refused or failed.
 */

const USAGE = [
  'Aufruf: npm run move-to-postgres -- <DATABASE_URL>',
  'Kopiert die eingebettete Datenbank aus DATA_DIR (Standard ./data) in eine leere',
  'PostgreSQL-Datenbank, z. B. postgres://kundenportal@db.example.de:5432/kundenportal.',
  'Der Server darf dabei nicht laufen.',
].join('\n');

async function main(args: string[]): Promise<number> {
  const [url] = args;
  if (args.length !== 1 || !url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(USAGE);
    return 1;
  }
  const { dataDir } = readDatabaseEnv();
  console.log(`Umzug der eingebetteten Datenbank aus ${dataDir} nach PostgreSQL`);
  const result = await moveToPostgres({ dataDir, url, log: (line) => console.log(line) });
  if (!result.equal) {
    console.error('Die Tabellen sind nach dem Umzug nicht gleich (VERSCHIEDEN oben).');
    return 2;
  }
  console.log('Alle Tabellen sind gleich. Start mit: DATABASE_URL=<DATABASE_URL> npm start');
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(
    error instanceof MoveRefused ? error.message : `Umzug abgebrochen: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
