import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDayOf } from '@kundenportal/contract';
import type { App } from '../src/app';
import type { AppConfig } from '../src/config';
import { moveToPostgres } from '../src/move/move-to-postgres';
import { tableDigests } from './db-digest';
import {
  createPostgresDatabase,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';
import { makeJpeg } from './images';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** `npm run move-to-postgres -- <url>` as the root script runs it, on the given DATA_DIR. */
async function runCli(dataDir: string, url: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env['DATABASE_URL'];
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/move-to-postgres-cli.ts', url],
      { cwd: serverDir, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

async function publicTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public'`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** What the customer sees of their data, by call: the same before and after the move. */
async function customerViews(app: App, from: string, until: string) {
  const headers = await sessionHeaders(app);
  const views: Record<string, unknown> = {};
  const get = async (url: string) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    views[url] = String(response.headers['content-type']).startsWith('application/json')
      ? response.json()
      : response.rawPayload.toString('base64');
    return response;
  };
  const customer = (await get('/api/anschlussnutzer')).json<{ vertraege: number[] }>();
  for (const path of ['rechnungsadressen', 'bankverbindungen'])
    await get(`/api/anschlussnutzer/${path}`);
  await get('/api/dokument/alle');
  for (const id of customer.vertraege) {
    const v = `/api/vertrag/${id}`;
    await get(v);
    await get(`${v}/tarifhistorie`);
    await get(`${v}/historie?interval=daily&von=${from}T00:00:00Z&bis=${until}T00:00:00Z`);
    const readings = (await get(`${v}/ablesungen`)).json<
      { ablesedatum: string; zaehlernummer: string; foto?: boolean }[]
    >();
    for (const reading of readings.filter((each) => each.foto))
      await get(
        `${v}/ablesungen/foto?zaehlernummer=${reading.zaehlernummer}&ablesedatum=${reading.ablesedatum}`,
      );
  }
  return views;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run move-to-postgres', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-move-'));
  const now = new Date();
  const today = berlinDayOf(now);
  const historyFrom = berlinDayOf(now, -60);
  const inAMonth = berlinDayOf(now, 30);
  const overrides: Partial<AppConfig> = {
    now: () => now,
    // No mail server there: the mails stay in the outbox, their next try an hour ahead.
    mail: { smtpUrl: 'smtp://127.0.0.1:1', outboxDir: join(dataDir, 'outbox') },
    mailRetry: { firstMs: 3_600_000, maxMs: 3_600_000 },
  };
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let source: TestServer | undefined;
  let moved: TestServer | undefined;
  let before: Record<string, string>;
  let views: Record<string, unknown>;

  beforeAll(async () => {
    target = await createPostgresDatabase();
    // The demo's accounts with more than a year of hourly values, on a data directory.
    source = await startTestServer('pglite', overrides, { dataDir: join(dataDir, 'pgdata') });
    const { app } = source;
    const headers = await sessionHeaders(app);
    const write = async (method: 'POST', url: string, payload: object) => {
      const response = await app.inject({ method, url, headers, payload });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
    };
    await write('POST', '/api/anschlussnutzer/kontaktanfrage', {
      betreff: 'FRAGE_ZUR_ABRECHNUNG',
      text: 'Bitte senden Sie mir die Abrechnung erneut zu.',
    });
    await write('POST', '/api/anschlussnutzer/rechnungsadresseAnlegen', {
      gueltigVon: inAMonth,
      anrede: 'Herr',
      vorname: 'Max',
      nachname: 'Mustermann',
      strasse: 'Umzugsweg',
      hausnummer: '7',
      postleitzahl: '10115',
      ort: 'Berlin',
      land: 'Deutschland',
    });
    await write('POST', '/api/anschlussnutzer/bankverbindungAnlegen', {
      kontoinhaber: 'Max Mustermann',
      iban: 'DE89370400440532013000',
      gueltigVon: inAMonth,
      lastschrifteinzugErlaubt: true,
    });
    const customer = (await app.inject({ url: '/api/anschlussnutzer', headers })).json<{
      vertraege: number[];
    }>();
    let photos = 0;
    for (const id of customer.vertraege) {
      const meter = (await app.inject({ url: `/api/vertrag/${id}/zaehler`, headers })).json<{
        nummer?: string;
        kanaele?: { obiskennzahl: string }[];
      }>();
      if (!meter.nummer || !meter.kanaele) continue;
      // Into each contract that still takes readings (one of them has ended).
      const response = await app.inject({
        method: 'POST',
        url: `/api/vertrag/${id}/ablesungen`,
        headers,
        payload: {
          ablesedatum: today,
          zaehlernummer: meter.nummer,
          ablesewerte: Object.fromEntries(meter.kanaele.map((k) => [k.obiskennzahl, 99_999])),
          foto: (await makeJpeg()).toString('base64'),
        },
      });
      if (response.statusCode < 300) photos++;
    }
    expect(photos).toBeGreaterThan(0);
    views = await customerViews(app, historyFrom, today);
    expect(Object.keys(views).filter((url) => url.includes('/ablesungen/foto'))).not.toEqual([]);
    // Every mail had its try (refused): none is under way while the tables are read.
    await app.mailer.deliverDue();
    before = await tableDigests(source.db);
  });

  afterAll(async () => {
    await moved?.close();
    await source?.close();
    await target?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses while a server runs on the data directory, and leaves the target untouched', async () => {
    const { code, stderr } = await runCli(dataDir, target.url);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain(`wird vom Prozess ${process.pid} benutzt`);
    expect(await publicTables(target.url)).toEqual([]);
    await source!.close();
    source = undefined;
  });

  it('copies every table and partition with the same rows, and says so per table', async () => {
    const lines: string[] = [];
    const result = await moveToPostgres({
      dataDir,
      url: target.url,
      log: (line) => lines.push(line),
    });
    const differing = result.tables.filter(
      (table) =>
        table.source?.rows !== table.target?.rows || table.source?.hash !== table.target?.hash,
    );
    expect(differing).toEqual([]);
    expect(result.equal).toBe(true);
    const rows = Object.fromEntries(result.tables.map((table) => [table.name, table.target!.rows]));
    expect(rows['reading_photos']).toBeGreaterThan(0);
    expect(rows['contact_requests']).toBe(1);
    expect(rows['mail_outbox']).toBeGreaterThan(0);
    const hourly = result.tables.filter((table) => table.name.startsWith('hourly_consumption_'));
    expect(hourly.filter((table) => table.target!.rows > 0).length).toBeGreaterThanOrEqual(13);
    for (const table of result.tables) expect(lines.join('\n')).toContain(`  ${table.name}: `);
  });

  it('serves the same portal on PostgreSQL afterwards, with new ids past the copied ones', async () => {
    moved = await startTestServer('postgres', overrides, { url: target.url });
    expect(await tableDigests(moved.db)).toEqual(before);
    const unsent: unknown = await moved.db.execute(
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    );
    expect((unsent as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    // The same password logs in; the same readings, photos, history, addresses and bank details.
    expect(await customerViews(moved.app, historyFrom, today)).toEqual(views);
    const headers = await sessionHeaders(moved.app);
    const second = await moved.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/kontaktanfrage',
      headers,
      payload: { betreff: 'FRAGE_ZUR_ABRECHNUNG', text: 'Nach dem Umzug auf PostgreSQL.' },
    });
    expect(second.statusCode, second.body).toBeLessThan(300);
  });

  it('refuses a target that is not empty', async () => {
    const { code, stderr } = await runCli(dataDir, target.url);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('Die Zieldatenbank ist nicht leer');
  });
});
