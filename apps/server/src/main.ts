import { buildApp } from './app';
import { readEnv } from './config';
import { openDatabase } from './db/client';
import { seedDemoDataIfEmpty } from './demo/seed';
import { topUpDemoSeries } from './demo/top-up';
import { startAuthHousekeeping } from './modules/auth/housekeeping';

function readEnvOrExit() {
  try {
    return readEnv();
  } catch (error) {
    // A bad variable or variant file: one line that names it, not a stack.
    console.error((error as Error).message);
    process.exit(1);
  }
}

const { config, port, host, databaseUrl, dataDir } = readEnvOrExit();
const database = openDatabase(
  databaseUrl ? { url: databaseUrl } : { dataDir: `${dataDir}/pgdata` },
);
await database.migrate();
const app = await buildApp(config, database.db);

const seeded = await seedDemoDataIfEmpty(database.db);
await topUpDemoSeries(database.db);
const stopHousekeeping = startAuthHousekeeping(database.db, config, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  stopHousekeeping();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port, host });
// With PORT=0 the system chose the port: name the one in use, so that tests and scripts find it.
const address = app.server.address();
console.log(
  `Kundenportal: http://localhost:${typeof address === 'object' && address ? address.port : port}`,
);
console.log(
  `Demo-Zugänge${seeded ? ' (neu angelegt)' : ''}: 10001, 10002, 10004, 10005 mit Demo-2026!; 10003 mit Start-2026! (muss das Passwort ändern)`,
);
