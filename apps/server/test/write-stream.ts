import { berlinDayOf } from '@kundenportal/contract';
/**
 * A stream of the customer's writes against a server process, and the checks that each write
 * answered 2xx is there and that none is half there: for the tests that break what is under
 * the server while it writes.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../src/db/client';
import {
  auditLog,
  billingAddresses,
  contactRequests,
  customers,
  mailOutbox,
  meters,
  readings,
  readingValues,
} from '../src/db/schema/index';
import type { httpClient, SessionHeaders } from './server-process';

type Client = ReturnType<typeof httpClient>;

/** 10001's active contracts: one channel, gas, and a day/night meter with two channels. */
const READING_CONTRACTS = [5000001, 5000002, 5000003] as const;

export interface Sent<T> {
  input: T;
  /** The answer's status, or 'lost' when no answer came (connection gone). */
  status: number | 'lost';
  body?: unknown;
  ms: number;
}

export interface ReadingInput {
  contract: number;
  zaehlernummer: string;
  ablesedatum: string;
  ablesewerte: Record<string, number>;
}

export interface WriteLog {
  readings: Sent<ReadingInput>[];
  contacts: Sent<{ mobil: string }>[];
  addresses: Sent<{ gueltigVon: string }>[];
  requests: Sent<{ text: string }>[];
}

const ok = (sent: Sent<unknown>) => typeof sent.status === 'number' && sent.status < 300;
const all = (log: WriteLog): Sent<unknown>[] => [
  ...log.readings,
  ...log.contacts,
  ...log.addresses,
  ...log.requests,
];

/** The reading inputs to send: each contract in turn, on days without a reading, newest first. */
export async function planReadings(
  client: Client,
  headers: SessionHeaders,
  now = new Date(),
): Promise<() => ReadingInput> {
  const plans: {
    contract: number;
    meter: { nummer: string; kanaele: { obiskennzahl: string }[] };
    taken: Set<string>;
    back: number;
  }[] = [];
  for (const contract of READING_CONTRACTS) {
    const meter = (await client.call('GET', `/api/vertrag/${contract}/zaehler`, { headers }))
      .body as { nummer: string; kanaele: { obiskennzahl: string }[] };
    const taken = new Set(
      (
        (await client.call('GET', `/api/vertrag/${contract}/ablesungen`, { headers })).body as {
          ablesedatum: string;
        }[]
      ).map((reading) => reading.ablesedatum),
    );
    plans.push({ contract, meter, taken, back: 1 });
  }
  let turn = 0;
  return () => {
    const plan = plans[turn++ % plans.length]!;
    let day = berlinDayOf(now, -plan.back);
    while (plan.taken.has(day)) day = berlinDayOf(now, -++plan.back);
    plan.taken.add(day);
    const k = plan.back;
    return {
      contract: plan.contract,
      zaehlernummer: plan.meter.nummer,
      ablesedatum: day,
      ablesewerte: Object.fromEntries(
        plan.meter.kanaele.map((kanal, channel) => [
          kanal.obiskennzahl,
          10_000 * (channel + 1) + k,
        ]),
      ),
    };
  };
}

const addressOf = (gueltigVon: string) => ({
  gueltigVon,
  anrede: 'Herr',
  vorname: 'Max',
  nachname: 'Mustermann',
  strasse: 'Störungsweg',
  hausnummer: '1',
  postleitzahl: '12345',
  ort: 'Musterstadt',
  land: 'Deutschland',
});

/**
 * Four writers, one per kind of write, each sending its next write as soon as the last is
 * answered, until stopped: readings on three meters, contact data, billing addresses (a
 * multi-row change: the new row, the end of the one before and an audit row) and contact
 * requests (the request and its mail in the outbox).
 */
export function startWriteStream(
  client: Client,
  headers: SessionHeaders,
  nextReading: () => ReadingInput,
  options: { firstAddressYear?: number; tag?: string } = {},
) {
  const log: WriteLog = { readings: [], contacts: [], addresses: [], requests: [] };
  const tag = options.tag ?? 'A';
  let stopped = false;

  async function send<T>(
    into: Sent<T>[],
    input: T,
    method: string,
    path: string,
    body: unknown,
  ): Promise<boolean> {
    const started = performance.now();
    const sent: Sent<T> = { input, status: 'lost', ms: 0 };
    into.push(sent);
    try {
      const answer = await client.call(method, path, { headers, body });
      sent.status = answer.status;
      sent.body = answer.body;
    } catch {
      // no answer: the server is gone; what was sent may or may not be there
    }
    sent.ms = performance.now() - started;
    return sent.status !== 'lost';
  }

  async function writer(next: (i: number) => Promise<boolean>) {
    for (let i = 0; !stopped; i++) if (!(await next(i))) return;
  }

  const firstAddress = new Date(Date.UTC(options.firstAddressYear ?? 2040, 0, 1));
  const done = Promise.all([
    writer(() => {
      const input = nextReading();
      const { contract, ...payload } = input;
      return send(log.readings, input, 'POST', `/api/vertrag/${contract}/ablesungen`, payload);
    }),
    writer((i) => {
      const mobil = `0170 ${tag} ${i}`;
      return send(
        log.contacts,
        { mobil },
        'PUT',
        '/api/anschlussnutzer/kontaktdatenAktualisieren',
        {
          email: 'max.mustermann@example.de',
          mobil,
        },
      );
    }),
    writer((i) => {
      const gueltigVon = new Date(firstAddress.getTime() + i * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return send(
        log.addresses,
        { gueltigVon },
        'POST',
        '/api/anschlussnutzer/rechnungsadresseAnlegen',
        addressOf(gueltigVon),
      );
    }),
    writer((i) => {
      const text = `Störungstest ${tag}: Anfrage Nummer ${i}, bitte nicht bearbeiten.`;
      return send(log.requests, { text }, 'POST', '/api/anschlussnutzer/kontaktanfrage', {
        betreff: 'SONSTIGES',
        text,
      });
    }),
  ]);

  return {
    log,
    /** Writes answered so far, 2xx or not. */
    answered: () => all(log).filter((sent) => sent.status !== 'lost').length,
    /** Writes answered 2xx so far. */
    succeeded: () => all(log).filter(ok).length,
    async stop() {
      stopped = true;
      await done;
    },
    done,
  };
}

/**
 * Through the API: every write answered 2xx is there, and every other one is there whole or
 * not at all. Answers the numbers checked.
 */
export async function checkWritesThroughApi(
  client: Client,
  headers: SessionHeaders,
  log: WriteLog,
) {
  let checked = 0;
  for (const contract of READING_CONTRACTS) {
    const stored = new Map(
      (
        (await client.call('GET', `/api/vertrag/${contract}/ablesungen`, { headers })).body as {
          ablesedatum: string;
          ablesewerte: Record<string, { ablesewert: number }>;
        }[]
      ).map((reading) => [reading.ablesedatum, reading]),
    );
    for (const sent of log.readings.filter((reading) => reading.input.contract === contract)) {
      const reading = stored.get(sent.input.ablesedatum);
      const values =
        reading &&
        Object.fromEntries(
          Object.entries(reading.ablesewerte).map(([code, wert]) => [code, wert.ablesewert]),
        );
      if (ok(sent))
        expect(values, `reading ${sent.input.ablesedatum} answered ${String(sent.status)}`).toEqual(
          sent.input.ablesewerte,
        );
      else if (values) expect(values).toEqual(sent.input.ablesewerte);
      checked++;
    }
  }

  const customer = (await client.call('GET', '/api/anschlussnutzer', { headers })).body as {
    mobil: string | null;
  };
  const lastOk = log.contacts.findLastIndex(ok);
  // The last change answered 2xx, or one sent after it whose answer was lost or failed.
  const candidates = log.contacts.slice(Math.max(lastOk, 0)).map((sent) => sent.input.mobil);
  if (log.contacts.length) {
    if (lastOk >= 0) expect(candidates).toContain(customer.mobil);
    checked += log.contacts.length;
  }

  const addresses = (
    (await client.call('GET', '/api/anschlussnutzer/rechnungsadressen', { headers })).body as {
      gueltigVon: string;
      gueltigBis: string | null;
      strasse: string | null;
    }[]
  ).filter((address) => address.strasse === 'Störungsweg');
  const stored = new Set(addresses.map((address) => address.gueltigVon));
  for (const sent of log.addresses) {
    if (ok(sent))
      expect(stored, `address ${sent.input.gueltigVon}`).toContain(sent.input.gueltigVon);
    checked++;
  }
  // Each new address ended the one before it on the day before: no insert without its update.
  const chain = [...addresses].sort((a, b) => a.gueltigVon.localeCompare(b.gueltigVon));
  chain.forEach((address, i) => {
    const next = chain[i + 1];
    expect(address.gueltigBis).toBe(
      next ? berlinDayOf(new Date(`${next.gueltigVon}T12:00:00Z`), -1) : null,
    );
  });
  return checked;
}

/**
 * In the database itself: each write's rows and its audit row (and its mail) are there
 * together or not at all, and every write answered 2xx is there.
 */
export async function checkWritesInDatabase(db: Executor, log: WriteLog, kundennummer = '10001') {
  const [customer] = await db
    .select()
    .from(customers)
    .where(eq(customers.kundennummer, kundennummer));
  const customerId = customer!.id;
  const audits = async (action: string) =>
    (
      await db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.customerId, customerId), eq(auditLog.action, action)))
        .orderBy(asc(auditLog.id))
    ).map((row) => row.details);

  const readingAudits = await audits('ABLESUNG_ERFASST');
  for (const sent of log.readings) {
    const { zaehlernummer, ablesedatum } = sent.input;
    const rows = await db
      .select({ id: readings.id })
      .from(readings)
      .innerJoin(meters, eq(meters.id, readings.meterId))
      .where(and(eq(meters.nummer, zaehlernummer), eq(readings.ablesedatum, ablesedatum)));
    const values = rows.length
      ? (
          await db
            .select({ n: count() })
            .from(readingValues)
            .where(
              inArray(
                readingValues.readingId,
                rows.map((row) => row.id),
              ),
            )
        )[0]!.n
      : 0;
    const audited = readingAudits.filter(
      (details) => details.zaehlernummer === zaehlernummer && details.ablesedatum === ablesedatum,
    ).length;
    const [mails] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'ABLESUNG_BESTAETIGUNG'),
          sql`${mailOutbox.subject} like ${`%${zaehlernummer}%`}`,
          sql`${mailOutbox.subject} like ${`%${ablesedatum.split('-').reverse().join('.')}`}`,
        ),
      );
    const channels = Object.keys(sent.input.ablesewerte).length;
    const state = { rows: rows.length, values, audited, mails: mails!.n };
    const whole = { rows: 1, values: channels, audited: 1, mails: 1 };
    const none = { rows: 0, values: 0, audited: 0, mails: 0 };
    if (ok(sent)) expect(state, `reading ${zaehlernummer} ${ablesedatum}`).toEqual(whole);
    else expect([whole, none], `reading ${zaehlernummer} ${ablesedatum}`).toContainEqual(state);
  }

  const addressAudits = await audits('RECHNUNGSADRESSE_ANGELEGT');
  const addressRows = await db
    .select({ id: billingAddresses.id, gueltigVon: billingAddresses.gueltigVon })
    .from(billingAddresses)
    .where(
      and(eq(billingAddresses.customerId, customerId), eq(billingAddresses.strasse, 'Störungsweg')),
    );
  for (const sent of log.addresses) {
    const row = addressRows.find((address) => address.gueltigVon === sent.input.gueltigVon);
    const audited = addressAudits.filter(
      (details) =>
        (details.neu as { gueltigVon?: string } | undefined)?.gueltigVon === sent.input.gueltigVon,
    );
    if (ok(sent)) expect(row, `address ${sent.input.gueltigVon}`).toBeDefined();
    expect(audited.map((details) => details.id)).toEqual(row ? [row.id] : []);
  }

  const contactAudits = (await audits('KONTAKTDATEN_GEAENDERT')).map(
    (details) => (details.neu as { mobil?: string }).mobil,
  );
  for (const sent of log.contacts) {
    const audited = contactAudits.filter((mobil) => mobil === sent.input.mobil).length;
    if (ok(sent)) expect(audited, `contact change ${sent.input.mobil}`).toBe(1);
    else expect(audited).toBeLessThanOrEqual(1);
  }
  expect(contactAudits.at(-1) ?? customer!.mobil).toBe(customer!.mobil);

  const texts = (
    await db
      .select({ text: contactRequests.text })
      .from(contactRequests)
      .where(eq(contactRequests.customerId, customerId))
  ).map((row) => row.text);
  for (const sent of log.requests)
    if (ok(sent)) expect(texts, 'contact request').toContain(sent.input.text);
  // Each stored request has its mail in the outbox, sent or waiting: no request without it.
  const [requestMails] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, 'KONTAKTANFRAGE'));
  const [requestRows] = await db.select({ n: count() }).from(contactRequests);
  expect(requestMails!.n).toBe(requestRows!.n);
}

/** How many writes of the log answered 2xx, and how many got which status. */
export function summarize(log: WriteLog) {
  const statuses: Record<string, number> = {};
  for (const sent of all(log))
    statuses[String(sent.status)] = (statuses[String(sent.status)] ?? 0) + 1;
  return { total: all(log).length, statuses };
}
