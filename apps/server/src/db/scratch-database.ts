import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on a PostgreSQL server, dropped afterwards, so that runs never see each
 * other: for the server tests and the benchmark. With `template`, a copy of that database (the
 * tests' migrated one).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Without FORCE: a pool's clients may still be closing; wait for them rather than
        // killing them mid-close, which they would report as an error.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            const inUse = (error as { code?: string }).code === '55006';
            if (!inUse || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
