/**
 * The change feed across a SIGKILL of the real server process: every customer write
 * answered 2xx is in the feed exactly once after the restart, and a write whose answer was lost
 * at most once. The operator listener of the child is started by BETRIEB_PORT as in production.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangeFeedPageSchema, type ChangeFeedEntry } from '@kundenportal/contract';
import {
  httpClient,
  killServerProcesses,
  startServerProcess,
  type ServerProcess,
} from './server-process';
import { planReadings, startWriteStream, summarize, type Sent } from './write-stream';

const KEY = randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The operator listener's address, as the child prints it before the customers' one. */
function operatorUrlOf(server: ServerProcess): string {
  const match = /Betriebsschnittstelle: (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
  if (!match?.[1]) throw new Error(`no operator listener:\n${server.output()}`);
  return match[1];
}

async function readWholeFeed(url: string): Promise<ChangeFeedEntry[]> {
  const client = httpClient(url);
  const entries: ChangeFeedEntry[] = [];
  let cursor = '';
  for (;;) {
    const answer = await client.call(
      'GET',
      `/aenderungen?anzahl=500${cursor && `&nach=${cursor}`}`,
      {
        headers: { authorization: `Bearer ${KEY}` },
      },
    );
    expect(answer.status).toBe(200);
    const page = ChangeFeedPageSchema.parse(answer.body);
    if (page.eintraege.length === 0) return entries;
    entries.push(...page.eintraege);
    cursor = page.cursor;
  }
}

describe('the change feed across a SIGKILL of the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-feed-faults-'));
  afterAll(() => {
    killServerProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = {
    DATA_DIR: dataDir,
    CONTACT_REQUESTS_PER_HOUR: '100000',
    BETRIEB_PORT: '0',
    BETRIEB_KEYS: `faults:${createHash('sha256').update(KEY).digest('hex')}`,
  };

  it('has every write answered 2xx exactly once, and a lost one at most once', async () => {
    const first = await startServerProcess(env);
    const client = httpClient(first.url);
    const max = await client.session();
    // Nothing of the operator interface on the customers' port.
    for (const path of ['/aenderungen', '/api/aenderungen'])
      expect(
        (await client.call('POST', path, { headers: { authorization: `Bearer ${KEY}` } })).status,
      ).toBe(404);
    const stream = startWriteStream(client, max, await planReadings(client, max), {
      firstAddressYear: 2045,
      tag: 'F',
    });
    while (stream.answered() < 40) await sleep(20);
    first.signal('SIGKILL');
    await stream.done;
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const { log } = stream;
    console.info(
      `SIGKILL after ${summarize(log).total} writes: ${JSON.stringify(summarize(log).statuses)}`,
    );

    const restarted = await startServerProcess(env);
    const feed = await readWholeFeed(operatorUrlOf(restarted));
    const ids = feed.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);

    const times = <T>(sent: Sent<T>, found: number, what: string) => {
      if (typeof sent.status === 'number' && sent.status < 300) expect(found, what).toBe(1);
      else if (sent.status === 'lost') expect(found, what).toBeLessThanOrEqual(1);
      else expect(found, what).toBe(0);
    };
    const of = <T extends ChangeFeedEntry['typ']>(typ: T) =>
      feed.filter((entry): entry is Extract<ChangeFeedEntry, { typ: T }> => entry.typ === typ);
    for (const sent of log.readings)
      times(
        sent,
        of('ABLESUNG').filter(
          (entry) =>
            entry.vertragsnummer === sent.input.contract &&
            entry.daten.ablesedatum === sent.input.ablesedatum &&
            JSON.stringify(entry.daten.ablesewerte) === JSON.stringify(sent.input.ablesewerte),
        ).length,
        `reading ${sent.input.contract} ${sent.input.ablesedatum}`,
      );
    for (const sent of log.contacts)
      times(
        sent,
        of('KONTAKTDATEN').filter((entry) => entry.daten.neu.mobil === sent.input.mobil).length,
        `contact ${sent.input.mobil}`,
      );
    for (const sent of log.addresses)
      times(
        sent,
        of('RECHNUNGSADRESSE').filter(
          (entry) =>
            entry.daten.aktion === 'ANGELEGT' &&
            entry.daten.datensatz.strasse === 'Störungsweg' &&
            entry.daten.datensatz.gueltigVon === sent.input.gueltigVon,
        ).length,
        `address ${sent.input.gueltigVon}`,
      );
    for (const sent of log.requests)
      times(
        sent,
        of('KONTAKTANFRAGE').filter((entry) => entry.daten.text === sent.input.text).length,
        `request ${sent.input.text}`,
      );
    // The kill came in the middle of the stream, not before or after it.
    expect(
      log.readings.some((sent) => sent.status === 'lost') || summarize(log).statuses.lost,
    ).toBeTruthy();
  }, 180_000);
});
