import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defaultReferenceDay,
  historyWindow,
  Messages,
  READING_ACCEPTED_MESSAGE,
} from '@kundenportal/contract';
import { expect, test } from '../support/fixtures';
import { receivedMails } from '../support/mailbox';
import { freePort, repoRoot, startPortalServer, type PortalServer } from '../support/portal-server';

/**
 * The walk of docs/operator-api.md ("Walk: from an empty database to a customer's reading in the
 * feed"): a server on an empty database with its operator port, the example files of
 * docs/examples imported through that port, the imported customer's first login by a password
 * reset, her history, a reading in the browser, and the reading in the change feed.
 */
const KUNDE = '20001';
const VERTRAG = 7000001;
const ZAEHLER = '1EBZ0100200300';
const EMAIL = 'erika.beispiel@example.de';
const PASSWORT = 'Beispiel-2026!';
const MASTER_DATA = ['geschaeftspartner', 'vertraege', 'preisblaetter', 'zaehler', 'ablesungen'];
const examples = join(repoRoot, 'docs/examples');
const DAY_MS = 86_400_000;

const key = randomBytes(32).toString('base64url');
let server: PortalServer;
let operator: string;
let seriesDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const betriebPort = await freePort();
  operator = `http://127.0.0.1:${betriebPort}`;
  server = await startPortalServer({
    DEMO_DATA: '0',
    BETRIEB_PORT: String(betriebPort),
    BETRIEB_KEYS: `walk:${createHash('sha256').update(key).digest('hex')}`,
  });
  // The example series as the walk makes them: a year of hours, a month of quarter-hours.
  seriesDir = mkdtempSync(join(tmpdir(), 'kundenportal-walk-'));
  execFileSync(process.execPath, [join(examples, 'zeitreihen.mjs'), seriesDir]);
});

test.afterAll(async () => {
  await server?.stop();
  if (seriesDir) rmSync(seriesDir, { recursive: true, force: true });
});

/** The generated consumption (verbrauch.csv): instant (ms) → Wh. */
function consumptionWh(): Map<number, number> {
  const lines = readFileSync(join(seriesDir, 'verbrauch.csv'), 'utf8').trim().split('\n');
  return new Map(
    lines.slice(1).map((line) => {
      const [zeitpunkt, wert] = line.split(';') as [string, string];
      return [Date.parse(zeitpunkt), Math.round(Number(wert.replace(',', '.')) * 1000)];
    }),
  );
}

test('from an empty database to a reading in the change feed', async ({ page, request }) => {
  // A walk of many screens, two password hashes and 11,736 imported rows: 4-12 s on a quiet
  // machine; one run at load 15 used up 60 s. Time enough, not a retry.
  test.setTimeout(120_000);
  const auth = { authorization: `Bearer ${key}` };
  const feed = async () =>
    (await (await request.get(`${operator}/aenderungen`, { headers: auth })).json()) as {
      eintraege: {
        typ: string;
        kundennummer: string;
        vertragsnummer: number | null;
        daten: unknown;
      }[];
    };

  // 1. Empty: no demo customer, an empty feed.
  expect((await feed()).eintraege).toEqual([]);
  const demoLogin = await request.post(`${server.baseUrl}/api/anschlussnutzer/login`, {
    headers: { kundennummer: '10001', passwort: 'Demo-2026!' },
  });
  expect(demoLogin.headers()['token']).toBeUndefined();

  // 2. The master data in its order, then the series, through the operator port.
  for (const art of MASTER_DATA) {
    const answer = await request.put(`${operator}/import/${art}`, {
      headers: { ...auth, 'content-type': 'application/json' },
      data: readFileSync(join(examples, `${art}.json`)),
    });
    expect(answer.status(), art).toBe(200);
    expect(await answer.json(), art).toEqual({
      angelegt: 1,
      aktualisiert: 0,
      unveraendert: 0,
      abgelehnt: [],
    });
  }
  const csv = { ...auth, 'content-type': 'text/csv' };
  const consumption = await request.put(`${operator}/import/energiemengen/${VERTRAG}`, {
    headers: csv,
    data: readFileSync(join(seriesDir, 'verbrauch.csv')),
  });
  expect(await consumption.json()).toMatchObject({ zeilen: 8760, aufloesung: 'PT1H', neu: 8760 });
  const prices = await request.put(`${operator}/import/preise`, {
    headers: csv,
    data: readFileSync(join(seriesDir, 'preise.csv')),
  });
  expect(await prices.json()).toMatchObject({ zeilen: 2976, aufloesung: 'PT15M', neu: 2976 });

  // 3. She has no password: "Passwort vergessen" mails a link to her imported address.
  const outbox = join(server.dataDir, 'outbox');
  await page.goto(`${server.baseUrl}/anmelden`);
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('Kundennummer').fill(KUNDE);
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByRole('status')).toHaveText(Messages.passwordResetSent);
  // The outbox directory appears with the first mail.
  await expect
    .poll(() => (existsSync(outbox) ? receivedMails(outbox).length : 0), { timeout: 15_000 })
    .toBe(1);
  const mail = receivedMails(outbox)[0]!.text;
  expect(mail.split(/\r?\n/)).toContain(`To: ${EMAIL}`);
  const link = new RegExp(`${server.baseUrl}/passwort/erneuern\\?token=[A-Za-z0-9_-]{43}`).exec(
    mail,
  )?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(PASSWORT);
  await page.getByLabel('Neues Passwort wiederholen').fill(PASSWORT);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('status')).toHaveText(Messages.passwordResetDone);
  await page.getByRole('link', { name: 'Jetzt anmelden' }).click();
  await page.getByLabel('Kundennummer').fill(KUNDE);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORT);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Angemeldet als')).toBeVisible();

  // ... and sees the imported hours in her history: each one, and their sum.
  const now = new Date();
  const window = historyWindow('STUENDLICH', defaultReferenceDay('STUENDLICH', now), now);
  const hours = [...consumptionWh()].filter(
    ([instant]) => instant >= window.from.getTime() && instant < window.to.getTime(),
  );
  const sumWh = hours.reduce((sum, [, wh]) => sum + wh, 0);
  await page.goto(`${server.baseUrl}/vertrag/${VERTRAG}/verbrauchshistorie`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Verbrauchshistorie für Vertrag ${VERTRAG}` }),
  ).toBeVisible();
  await expect(page.getByText('Verbrauch im Zeitraum').locator('..')).toContainText(
    `${(Math.round(sumWh / 10) / 100).toFixed(2).replace('.', ',')} kWh`,
  );
  await page.getByText('Werte als Tabelle').click();
  const rows = page
    .getByRole('table', { name: 'Verbrauch, Arbeitspreis und Kosten je Stunde (Preise brutto)' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount((window.to.getTime() - window.from.getTime()) / 3_600_000);
  const shown: string[] = [];
  for (const row of await rows.all()) shown.push(await row.getByRole('cell').nth(1).innerText());
  // Every imported hour of the window, in order; the hours after the last one have none yet.
  expect(
    shown
      .filter((text) => text !== 'keine Daten')
      .map((text) => Math.round(Number(text.replace(',', '.')) * 1000)),
  ).toEqual(hours.map(([, wh]) => wh));

  // 4. A reading in the browser.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);
  const value =
    Math.round(10 * (1000 + (7 * (Date.parse(today) - Date.parse('2025-01-01'))) / DAY_MS)) / 10;
  await page.goto(`${server.baseUrl}/vertrag/${VERTRAG}/ablesung`);
  await page.getByLabel('Zählerstand', { exact: true }).fill(value.toFixed(1).replace('.', ','));
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(READING_ACCEPTED_MESSAGE)).toBeVisible();

  // 5. The feed has it, as data, after the completed password reset.
  const { eintraege } = await feed();
  expect(eintraege.map((eintrag) => eintrag.typ)).toEqual(['PASSWORT_ZURUECKGESETZT', 'ABLESUNG']);
  expect(eintraege[1]).toMatchObject({
    kundennummer: KUNDE,
    vertragsnummer: VERTRAG,
    daten: {
      zaehlernummer: ZAEHLER,
      ablesedatum: today,
      ablesewerte: { '1-1:1.8.0': value },
      ermittlungsart: 'KUNDE',
      foto: null,
    },
  });
});
