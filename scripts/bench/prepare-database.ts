/**
 * The bench's database: the demo accounts and N synthetic customers, in a DATA_DIR of its own
 * (embedded) or in a database of its own on BENCH_DATABASE_URL, dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMandant } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { createScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { seedDemoDataIfEmpty } from '../../apps/server/src/demo/seed';
import {
  seedSyntheticConsumption,
  seedSyntheticCustomers,
} from '../../apps/server/src/demo/synthetic';

/** The synthetic customers whose first contract gets a year of hours (the history under load). */
const HISTORY_CUSTOMERS = 50;

export interface BenchDatabase {
  /** What the portal process needs in its environment to open this database. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  label: string;
  drop(): Promise<void>;
}

export async function prepareBenchDatabase(
  syntheticCustomers: number,
  serverUrl: string | undefined,
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kundenportal-bench-'));
  const server = serverUrl
    ? await createScratchDatabase(serverUrl, 'kundenportal_bench')
    : undefined;
  const database = openDatabase(server ? { url: server.url } : { dataDir: `${dataDir}/pgdata` });
  await database.migrate();
  await seedDemoDataIfEmpty(database.db, loadMandant(process.env.MANDANT ?? 'standard'));
  if (syntheticCustomers > 0) await seedSyntheticCustomers(database.db, syntheticCustomers);
  await seedSyntheticConsumption(database.db, Math.min(syntheticCustomers, HISTORY_CUSTOMERS));
  await database.close();
  return {
    env: { DATA_DIR: dataDir, ...(server ? { DATABASE_URL: server.url } : {}) },
    label: server ? 'PostgreSQL' : 'eingebettet (PGlite)',
    async drop() {
      await server?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
