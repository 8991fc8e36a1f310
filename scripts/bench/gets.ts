/**
 * npm run bench:gets: only the rows of every authenticated GET (get-routes.ts), on the same
 * database as `npm run bench` (BENCH_DATABASE_URL for PostgreSQL); BENCH_GET_ONLY=<OpenAPI
 * path> measures one route, for profiling.
 */
import { measureGetRoutes } from './get-routes';
import { prepareBenchDatabase } from './prepare-database';
import { startPortal } from './processes';
import { printTable } from './table';

const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const database = await prepareBenchDatabase(Number(process.env.BENCH_CUSTOMERS ?? 5000), serverUrl);
const portal = await startPortal(database.env);
let allMet: boolean;
try {
  const login = await fetch(`${portal.origin}/api/anschlussnutzer/login`, {
    method: 'POST',
    headers: { kundennummer: '10001', passwort: 'Demo-2026!' },
  });
  const session = { kundennummer: '10001', token: login.headers.get('token') ?? '' };
  const rows = await measureGetRoutes(`${portal.origin}/api`, session);
  console.log(
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; database: ${database.label}.`,
  );
  allMet = printTable(rows);
} finally {
  await portal.stop();
  await database.drop();
}
process.exit(allMet ? 0 : 1);
