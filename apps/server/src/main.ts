import { chmodSync, mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { readEnv } from './config';
import { openDatabase } from './db/client';
import { secureDataDir } from './db/data-dir-modes';
import { hasNoCustomers, seedDemoDataIfEmpty } from './demo/seed';
import { preparePartitionsAhead, topUpDemoSeries } from './demo/top-up';
import { startHousekeeping } from './modules/housekeeping/service';
import { startBackupSchedule } from './modules/backup/schedule';
import { buildOperatorApp } from './operator-app';
import { listenWhileStarting } from './starting-listener';
import { stopListening, trackConnections } from './lib/idle-connections';
import { giveBackWhenQuiet } from './lib/idle-memory';

// Everything the server writes (data, backups, mails, keys) is for its own user alone.
process.umask(0o077);

function readEnvOrExit() {
  try {
    return readEnv();
  } catch (error) {
    // A bad variable or variant file: one line that names it, not a stack.
    console.error((error as Error).message);
    process.exit(1);
  }
}

function openDatabaseOrExit() {
  try {
    if (!databaseUrl) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      chmodSync(dataDir, 0o700);
      const corrected = secureDataDir(`${dataDir}/pgdata`);
      if (corrected > 0)
        console.log(
          `Zugriffsrechte der eingebetteten Datenbank korrigiert (nur für diesen Benutzer): ${corrected} Dateien und Ordner.`,
        );
    }
    return openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: `${dataDir}/pgdata` });
  } catch (error) {
    // Another process owns the embedded database (db/data-dir-lock.ts): say which, not a stack.
    console.error((error as Error).message);
    process.exit(1);
  }
}

const { config, port, host, databaseUrl, dataDir, demoData, operator, backupSchedule } =
  readEnvOrExit();
const database = openDatabaseOrExit();
// Until the app listens, the port answers 503 "Der Dienst startet gerade." (also /api/ready).
const starting = await listenWhileStarting(port, host);
const seeded = await database.exclusive(async () => {
  await database.migrate();
  if (!demoData) {
    await preparePartitionsAhead(database.db);
    return { created: false, empty: await hasNoCustomers(database.db) };
  }
  const created = await seedDemoDataIfEmpty(database.db, config.mandant);
  await topUpDemoSeries(database.db);
  return { created, empty: false };
});
const app = await buildApp(config, database.db);
// The operator interface: a listener of its own, never routes of the customers' app.
const operatorApp = operator
  ? await buildOperatorApp(
      { ...config, operator },
      { db: database.db, metrics: app.metrics, readCache: app.readCache },
    )
  : undefined;
const customerConnections = trackConnections(app.server);
const operatorConnections = operatorApp && trackConnections(operatorApp.server);
const idleMemory = giveBackWhenQuiet(
  [customerConnections, ...(operatorConnections ? [operatorConnections] : [])].map(
    (connections) => connections.activity,
  ),
);
const stopHousekeeping = startHousekeeping(database.db, config, app.log);
const stopBackups = backupSchedule
  ? startBackupSchedule(database.db, backupSchedule, app.log, config.now)
  : () => undefined;

/** Requests in flight get this long to finish; then the process ends regardless. */
const SHUTDOWN_GRACE_MS = 8_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // /api/ready answers 503 from now on, for the load balancer to stop sending requests here.
  app.readiness.stop();
  app.log.info({ signal }, 'shutting down');
  // A request that hangs (a database that does not answer) must not keep the process alive.
  setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  try {
    stopHousekeeping();
    stopBackups();
    idleMemory.stop();
    // Connections the busy process has not accepted yet (say while computing a year of history)
    // would be reset when it stops listening: let the event loop take them first. Timers run
    // before the loop's poll phase, which accepts them; setImmediate runs after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setImmediate(resolve));
    // Stops listening; then closes each keep-alive connection once it has been without a request
    // for a second, while requests in flight are answered; then closes the apps (the mailer
    // stops in onClose). A connection that becomes idle once its last answer is out would
    // otherwise be kept open until the client's timeout, and the process with it.
    const servers = [customerConnections, operatorConnections].filter((s) => s !== undefined);
    for (const server of [app.server, operatorApp?.server]) if (server) stopListening(server);
    for (const connections of servers) connections.answerLast();
    await new Promise<void>((resolve) => {
      const closeQuiet = setInterval(() => {
        for (const connections of servers) connections.closeQuiet();
        if (servers.every((connections) => connections.open === 0)) {
          clearInterval(closeQuiet);
          resolve();
        }
      }, 100);
    });
    await Promise.all([app.close(), operatorApp?.close()]);
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// The operator listener first: once the customers' address is printed, both listen.
if (operatorApp && operator) {
  await operatorApp.listen({ port: operator.port, host: operator.host });
  const operatorAddress = operatorApp.server.address();
  console.log(
    `Betriebsschnittstelle: http://${operator.host.includes(':') ? `[${operator.host}]` : operator.host}:${typeof operatorAddress === 'object' && operatorAddress ? operatorAddress.port : operator.port} (${operator.keys.length} Schlüssel: ${operator.keys.map((key) => key.name).join(', ')})`,
  );
}
await app.listen({ port: await starting.handOver(), host });
// With PORT=0 the system chose the port: name the one in use, so that tests and scripts find it.
const address = app.server.address();
console.log(
  `Kundenportal: http://localhost:${typeof address === 'object' && address ? address.port : port}`,
);
console.log(
  demoData
    ? `Demo-Zugänge${seeded.created ? ' (neu angelegt)' : ''}: 10001, 10002, 10004, 10005 mit Demo-2026!; 10003 mit Start-2026! (muss das Passwort ändern)`
    : `Ohne Demo-Daten${seeded.empty ? ', die Datenbank ist leer' : ''} (DEMO_DATA=1 legt die Demo-Zugänge in einer leeren Datenbank an).`,
);
