import { berlinDayOf } from '@kundenportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import {
  badBody,
  brokenRecord,
  someBroken,
  headerText,
  hugeText,
  malformedDate,
  notANumber,
  notAString,
  oddText,
  propertyParameters,
  textWithUnusable,
  type FieldSpec,
  type RawBody,
} from './bad-input';
import { tableDigests } from './db-digest';
import { expectGermanError } from './german-messages';
import {
  backends,
  passwordHeader,
  PORTAL_URL,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';

/** Runs per call: the whole suite stays well under a minute on PGlite. */
const RUNS = 40;

/**
 * Tables a refused call may change, and only for the calls that check a password: the
 * throttling counters (every wrong password counts, docs/decisions/005-login-throttling.md) and the audit rows of failed
 * logins. Every other table, and every table on every other call, must stay as it was.
 */
const PASSWORD_BOOKKEEPING = ['login_attempts', 'audit_log'];

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A string field: valid values, and its own ways of being wrong beside the common ones. */
const text = (
  valid: fc.Arbitrary<string>,
  wrong: fc.Arbitrary<unknown>,
  presence: FieldSpec['presence'] = 'required',
): FieldSpec => ({
  valid,
  broken: fc.oneof(wrong, notAString, textWithUnusable(valid)),
  presence,
});

interface RefusedRow {
  contractId: number;
  id: number;
  action: 'loeschen' | 'beenden';
}

/** Path parameters that are no id: not a positive number, or past PostgreSQL's integer. */
const notAnId = fc
  .oneof(
    fc.constantFrom(
      'abc',
      '-1',
      '0',
      '1.5',
      '2147483648',
      '99999999999999999999',
      '%00',
      '%F0%9F%98%80',
      '%E2%80%AE1',
      'NaN',
      'Infinity',
    ),
    fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  )
  .filter((id) => {
    const number = Number(decodeURIComponent(id));
    return !(Number.isInteger(number) && number > 0 && number < 2 ** 31);
  });
/** Ids no contract or row has (the demo's start at 5000001 and 1). */
const nobodysId = fc.integer({ min: 100_000_000, max: 2 ** 31 - 1 }).map(String);

type Request = Pick<InjectOptions, 'method' | 'url' | 'headers'> & { body?: RawBody };

describe.each(backends)('bad input is refused in German and changes nothing on %s', (backend) => {
  let server: TestServer;
  let max: Record<string, string>;
  let empty: Record<string, string>;
  let contract: number;
  let endedContract: number;
  let meter: { nummer: string; obiskennzahl: string };
  let otherMeter: string;
  let today: string;
  let inAMonth: string;
  let addressRows: RefusedRow[];
  let bankRows: RefusedRow[];

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result: unknown = await server.db.execute(query);
    return (result as { rows: T[] }).rows;
  };

  /**
   * The rows of 10001 with a call that refuses them: a contract's row with the action it does not
   * allow (spec §4.3), a row of the customer's own on a contract's route (not the contract's).
   */
  const refusedRowsOf = async (table: string): Promise<RefusedRow[]> =>
    (
      await rows<{ id: number; contract_id: number | null; future: boolean }>(
        sql`select t.id, t.contract_id, t.gueltig_von > ${today}::date as future
              from ${sql.identifier(table)} t join customers c on c.id = t.customer_id
             where c.kundennummer = '10001'`,
      )
    ).flatMap((row) =>
      row.contract_id === null
        ? (['loeschen', 'beenden'] as const).map((action) => ({
            contractId: contract,
            id: Number(row.id),
            action,
          }))
        : [
            {
              contractId: Number(row.contract_id),
              id: Number(row.id),
              action: row.future ? ('beenden' as const) : ('loeschen' as const),
            },
          ],
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    max = await sessionHeaders(server.app, '10001');
    empty = await sessionHeaders(server.app, '10005');
    today = berlinDayOf(server.clock.now);
    inAMonth = berlinDayOf(server.clock.now, 30);
    const contracts = (
      await server.app.inject({ url: '/api/anschlussnutzer', headers: max })
    ).json<{
      vertraege: number[];
    }>().vertraege;
    [contract] = contracts as [number];
    endedContract = contracts.at(-1)!;
    const meterOf = async (id: number) =>
      (await server.app.inject({ url: `/api/vertrag/${id}/zaehler`, headers: max })).json<{
        nummer: string;
        kanaele: { obiskennzahl: string }[];
      }>();
    const own = await meterOf(contract);
    meter = { nummer: own.nummer, obiskennzahl: own.kanaele[0]!.obiskennzahl };
    otherMeter = (await meterOf(contracts[1]!)).nummer;
    addressRows = await refusedRowsOf('billing_addresses');
    bankRows = await refusedRowsOf('bank_details');
  });
  afterAll(() => server.close());

  const send = (request: Request) =>
    server.app.inject({
      method: request.method,
      url: request.url,
      headers: {
        ...request.headers,
        ...(request.body?.contentType && { 'content-type': request.body.contentType }),
      },
      ...(request.body && { payload: request.body.payload }),
    });

  /** A contract call's URL: mostly the customer's contract, sometimes an id that is none. */
  const contractUrl = (suffix: string) =>
    fc.oneof(
      { weight: 9, arbitrary: fc.constant(`/api/vertrag/${contract}${suffix}`) },
      {
        weight: 1,
        arbitrary: fc.oneof(notAnId, nobodysId).map((id) => `/api/vertrag/${id}${suffix}`),
      },
    );

  /** Every request refused with a 4xx in German; afterwards every table as it was. */
  async function expectRefused(
    requests: fc.Arbitrary<Request>,
    excluded: readonly string[] = [],
  ): Promise<void> {
    const before = await tableDigests(server.db, excluded);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const response = await send(request);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expectGermanError(response.json());
      }),
      propertyParameters(RUNS),
    );
    expect(await tableDigests(server.db, excluded)).toEqual(before);
  }

  /** A JSON call with a bad body. */
  const jsonCall = (
    method: 'POST' | 'PUT',
    url: fc.Arbitrary<string>,
    headers: () => Record<string, string>,
    valid: object,
    fields: Record<string, FieldSpec>,
  ): fc.Arbitrary<Request> =>
    fc
      .tuple(url, badBody(valid, brokenRecord(fields)))
      .map(([path, body]) => ({ method, url: path, headers: headers(), body }));

  const readingFields = (): Record<string, FieldSpec> => ({
    ablesedatum: {
      valid: fc.constant(today),
      // a day in the future, or before the contract's delivery began
      broken: fc.oneof(
        malformedDate,
        fc.constantFrom(berlinDayOf(server.clock.now, 1), '9999-12-31', '1900-01-01'),
      ),
      presence: 'required',
    },
    zaehlernummer: text(
      fc.constant(meter.nummer),
      fc.oneof(fc.constantFrom('', otherMeter, ` ${meter.nummer}`), hugeText),
    ),
    ablesewerte: {
      valid: fc.constant({ [meter.obiskennzahl]: 1234 }),
      broken: fc.oneof(
        fc.constant({}),
        fc
          .oneof(fc.constantFrom(-1, 1e15, 0.123456789, 1e308, -0.5), notANumber)
          .map((value) => ({ [meter.obiskennzahl]: value })),
        fc
          .oneof(oddText, fc.string(), textWithUnusable(fc.string()))
          .filter((code) => code !== meter.obiskennzahl)
          .map((code) => ({ [meter.obiskennzahl]: 1234, [code]: 1 })),
        notAString.filter(
          (value) => typeof value !== 'object' || value === null || Array.isArray(value),
        ),
      ),
      presence: 'required',
    },
  });

  it('readings without a photo', async () => {
    await expectRefused(
      jsonCall(
        'POST',
        contractUrl('/ablesungen'),
        () => max,
        {
          ablesedatum: today,
          zaehlernummer: meter.nummer,
          ablesewerte: { [meter.obiskennzahl]: 1234 },
        },
        readingFields(),
      ),
    );
  });

  it('readings with a photo', async () => {
    const notAnImage = fc
      .uint8Array({ minLength: 1, maxLength: 64 })
      .filter((bytes) => bytes[0] !== 0x89 && bytes[0] !== 0xff)
      .map((bytes) => Buffer.from(bytes).toString('base64'));
    await expectRefused(
      jsonCall(
        'POST',
        contractUrl('/ablesungen'),
        () => max,
        {
          ablesedatum: today,
          zaehlernummer: meter.nummer,
          ablesewerte: { [meter.obiskennzahl]: 1234 },
          foto: PNG_BASE64,
        },
        {
          ...readingFields(),
          foto: {
            // a valid photo sometimes, so that another field is the broken one
            valid: fc.constant(PNG_BASE64),
            broken: fc.oneof(
              notAnImage,
              fc.constantFrom(
                `data:image/png;base64,${PNG_BASE64}`,
                '@@@',
                PNG_BASE64.slice(0, -3),
                Buffer.from('GIF89a').toString('base64'),
                // the right first bytes, and then no image
                Buffer.from('\xff\xd8\xff\xe0<html><body>Hallo</body></html>', 'latin1').toString(
                  'base64',
                ),
                Buffer.from(
                  '\x89PNG\r\n\x1a\n<svg xmlns="http://www.w3.org/2000/svg"/>',
                  'latin1',
                ).toString('base64'),
                Buffer.from(PNG_BASE64, 'base64').subarray(0, 40).toString('base64'),
                'A'.repeat(Math.ceil(10_000_001 / 3) * 4),
                // the same length, a space in place of a character: not base64
                `${PNG_BASE64.slice(0, 8)} ${PNG_BASE64.slice(9)}`,
              ),
              // the text check leaves the photo to its schema's alphabet
              textWithUnusable(fc.constant(PNG_BASE64)),
              notAString,
            ),
            presence: 'present',
          },
        },
      ),
    );
  });

  it('contact data', async () => {
    const validEmail = fc.constantFrom('max@example.de', 'm.muster+portal@example.co.uk');
    const phone = fc.constantFrom('030 1234567', '+49 (0)170 1234567', '');
    const phoneField = (): FieldSpec => ({
      valid: fc.oneof(phone, fc.constant(null)),
      broken: fc.oneof(
        fc.constant('1'.repeat(101)),
        hugeText,
        notAString.filter((value) => value !== null),
        textWithUnusable(phone),
      ),
      presence: 'optional',
    });
    await expectRefused(
      jsonCall(
        'PUT',
        fc.constant('/api/anschlussnutzer/kontaktdatenAktualisieren'),
        () => max,
        { email: 'max@example.de', mobil: null, festnetz: null, fax: null },
        {
          email: {
            valid: fc.oneof(validEmail, fc.constant(null)),
            broken: fc.oneof(
              fc.constantFrom(
                'max.example.de',
                'max@',
                '@example.de',
                'max@exa mple.de',
                `${'m'.repeat(65)}@example.de`,
                `max@${'e'.repeat(250)}.de`,
              ),
              hugeText,
              notAString.filter((value) => value !== null),
              textWithUnusable(validEmail),
            ),
            presence: 'optional',
          },
          mobil: phoneField(),
          festnetz: phoneField(),
          fax: phoneField(),
        },
      ),
    );
  });

  it('billing addresses: create', async () => {
    const name = fc.oneof(
      fc.constantFrom('Max', 'Zoë', 'Ibn Rushd'),
      oddText.map((odd) => `Ma${odd}x`),
    );
    await expectRefused(
      jsonCall(
        'POST',
        fc.oneof(
          fc.constant('/api/anschlussnutzer/rechnungsadresseAnlegen'),
          contractUrl('/rechnungsadresse/anlegen'),
        ),
        () => max,
        {
          gueltigVon: inAMonth,
          anrede: 'Herr',
          vorname: 'Max',
          nachname: 'Mustermann',
          strasse: 'Hauptstraße',
          hausnummer: '1',
          postleitzahl: '10115',
          ort: 'Berlin',
        },
        {
          gueltigVon: {
            valid: fc.constant(inAMonth),
            broken: fc.oneof(malformedDate, fc.constantFrom(today, '2020-01-01')),
            presence: 'required',
          },
          anrede: {
            valid: fc.constantFrom('Herr', 'Frau'),
            broken: fc.oneof(fc.constantFrom('herr', 'Mister', 'keine', ''), notAString),
            presence: 'required',
          },
          vorname: text(name, fc.constantFrom('M', ' M ', 'x'.repeat(101))),
          nachname: text(name, fc.constantFrom('M', '', 'x'.repeat(101))),
          titel: text(fc.constantFrom('Dr.', ''), fc.constant('x'.repeat(51)), 'optional'),
          co: text(fc.constantFrom('bei Meier', ''), hugeText, 'optional'),
          strasse: text(
            fc.constantFrom('Hauptstraße', 'Rue de la Paix'),
            fc.constantFrom('Ab', '  '),
          ),
          hausnummer: text(
            fc.constantFrom('1', '12a', '12-14', '3/1'),
            fc.constantFrom('A', '12 A', '-', '12//3', '1'.repeat(21)),
          ),
          postleitzahl: text(
            fc.constantFrom('10115', '8010'),
            fc.constantFrom('123', '123456', 'abcde', ''),
          ),
          ort: text(fc.constantFrom('Berlin', 'Köln'), fc.constantFrom('Ab', 'x'.repeat(101))),
          land: text(
            fc.constantFrom('Deutschland', 'Österreich'),
            fc.constantFrom('Frankreich', 'deutschland'),
            'optional',
          ),
        },
      ),
    );
  });

  /** DELETE …/{loeschen|beenden}/{rowId}: ids that are no id, no row of the contract, or a row the action does not fit. */
  const rowActions = (area: string, refusedRows: () => RefusedRow[]) => {
    const paths = fc.oneof(
      fc
        .tuple(fc.constantFrom('loeschen', 'beenden'), fc.oneof(notAnId, nobodysId))
        .map(([action, id]) => `${contract}/${area}/${action}/${id}`),
      fc
        .constantFrom(...refusedRows())
        .map((row) => `${row.contractId}/${area}/${row.action}/${row.id}`),
    );
    return paths.map((path): Request => ({
      method: 'DELETE',
      url: `/api/vertrag/${path}`,
      headers: max,
    }));
  };

  it('billing addresses: end and delete', async () => {
    expect(addressRows.length).toBeGreaterThan(0);
    await expectRefused(rowActions('rechnungsadresse', () => addressRows));
  });

  it('bank details: create, end and delete', async () => {
    expect(bankRows.length).toBeGreaterThan(0);
    // any white space between the groups, as copied from a letter or a PDF, and any case
    const iban = fc.constantFrom(
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      'de89\u00A03704\u00A00044\u00A00532\u00A00130\u00A000',
    );
    const create = jsonCall(
      'POST',
      fc.oneof(
        fc.constant('/api/anschlussnutzer/bankverbindungAnlegen'),
        contractUrl('/bankverbindung/anlegen'),
      ),
      () => max,
      { kontoinhaber: 'Max Mustermann', iban: 'DE89370400440532013000', gueltigVon: inAMonth },
      {
        kontoinhaber: text(
          fc.constantFrom('Max Mustermann', 'Zoë Ça\u0301rdenas'),
          fc.constantFrom('Ab', '   Ab   ', 'x'.repeat(101)),
        ),
        iban: text(
          iban,
          fc.constantFrom(
            'DE89370400440532013001',
            'DE8937040044053201300',
            'AT611904300234573201',
            'XX89370400440532013000',
            '',
          ),
        ),
        gueltigVon: {
          valid: fc.constant(inAMonth),
          broken: fc.oneof(malformedDate, fc.constantFrom(today, '2020-01-01')),
          presence: 'required',
        },
        lastschrifteinzugErlaubt: {
          valid: fc.boolean(),
          broken: fc.oneof(fc.constantFrom('true', 'ja', 1, 0, null), fc.array(fc.boolean())),
          presence: 'optional',
        },
      },
    );
    await expectRefused(
      fc.oneof(
        create,
        rowActions('bankverbindung', () => bankRows),
      ),
    );
  });

  it('contact request', async () => {
    const message = fc.constantFrom(
      'Bitte rufen Sie mich wegen meines Abschlags zurück.',
      'Frage zur Jahresabrechnung: Mu\u0308ller \u202Eredlam\u202C, danke.',
    );
    await expectRefused(
      jsonCall(
        'POST',
        fc.constant('/api/anschlussnutzer/kontaktanfrage'),
        () => max,
        { betreff: 'SONSTIGES', text: 'Bitte rufen Sie mich wegen meines Abschlags zurück.' },
        {
          betreff: {
            valid: fc.constantFrom('SONSTIGES', 'FRAGE_ZUR_ABRECHNUNG'),
            broken: fc.oneof(fc.constantFrom('Sonstiges', 'sonstiges', 'ANDERES', ''), notAString),
            presence: 'required',
          },
          text: text(
            message,
            fc.oneof(
              fc.string({ maxLength: 19 }),
              fc.constantFrom(`${' '.repeat(30)}kurz${' '.repeat(30)}`, 'x'.repeat(5001)),
              hugeText,
            ),
          ),
        },
      ),
    );
  });

  it('cancellation', async () => {
    const valid = { grund: 'AUSZUG', datum: inAMonth, text: 'Umzug ins Ausland.' };
    const broken = jsonCall('POST', contractUrl('/kuendigen'), () => max, valid, {
      grund: {
        valid: fc.constantFrom('AUSZUG', 'ANBIETERWECHSEL', 'SONDERKUENDIGUNG'),
        broken: fc.oneof(fc.constantFrom('Auszug', 'LAUNE', ''), notAString),
        presence: 'required',
      },
      datum: {
        valid: fc.constant(inAMonth),
        // before the second working day after today
        broken: fc.oneof(
          malformedDate,
          fc.constantFrom(today, berlinDayOf(server.clock.now, 1), '2020-01-01'),
        ),
        presence: 'required',
      },
      text: text(fc.constantFrom('Umzug.', ''), fc.constantFrom('x'.repeat(2001)), 'optional'),
    });
    // a contract that has ended takes no cancellation, however valid
    const ended = fc.constant<Request>({
      method: 'POST',
      url: `/api/vertrag/${endedContract}/kuendigen`,
      headers: max,
      body: { payload: JSON.stringify(valid), contentType: 'application/json' },
    });
    await expectRefused(
      fc.oneof({ weight: 9, arbitrary: broken }, { weight: 1, arbitrary: ended }),
    );
  });

  it('password change', async () => {
    const password = fc.constantFrom('Neu-Passwort-2026!', 'Grüße-€-2026', 'e\u0301'.repeat(8));
    const badCall = jsonCall(
      'PUT',
      fc.constant('/api/anschlussnutzer/passwort_aendern'),
      () => empty,
      { altesPasswort: 'Demo-2026!', neuesPasswort: 'Neu-Passwort-2026!' },
      {
        altesPasswort: {
          valid: fc.constant('Demo-2026!'),
          broken: fc.oneof(
            fc.constant(''),
            notAString,
            textWithUnusable(fc.constant('Demo-2026!')),
          ),
          presence: 'required',
        },
        neuesPasswort: text(
          password,
          fc.constantFrom('kurz', '1234567', 'ä'.repeat(7), 'x'.repeat(129)),
        ),
      },
    );
    // well formed, but the old password is wrong or the customer number not the session's
    const wrongOld = fc
      .tuple(fc.string({ minLength: 1, maxLength: 40 }), password)
      .filter(([old]) => old !== 'Demo-2026!')
      .map(([altesPasswort, neuesPasswort]): Request => ({
        method: 'PUT',
        url: '/api/anschlussnutzer/passwort_aendern',
        headers: empty,
        body: {
          payload: JSON.stringify({ altesPasswort, neuesPasswort }),
          contentType: 'application/json',
        },
      }));
    const badHeader = fc
      .constantFrom<Record<string, string>>(
        {},
        { kundennummer: 'abc' },
        { kundennummer: '' },
        { kundennummer: '1'.repeat(21) },
      )
      .map((kundennummer): Request => ({
        method: 'PUT',
        url: '/api/anschlussnutzer/passwort_aendern',
        headers: { token: empty.token!, ...kundennummer },
        body: {
          payload: JSON.stringify({
            altesPasswort: 'Demo-2026!',
            neuesPasswort: 'Neu-Passwort-2026!',
          }),
          contentType: 'application/json',
        },
      }));
    await expectRefused(
      fc.oneof(
        { weight: 6, arbitrary: badCall },
        { weight: 2, arbitrary: wrongOld },
        { weight: 1, arbitrary: badHeader },
      ),
      ['login_attempts'],
    );
  });

  const kundennummerBroken = fc.oneof(
    fc.constantFrom('', ' ', 'abc', '10001a', '1'.repeat(21), '-10001', '10 001', '１０００１'),
    headerText({ maxLength: 30 }).filter((value) => !/^\s*\d{1,20}\s*$/.test(value)),
  );
  /** A password as the web sends it, and bytes that are no UTF-8. */
  const passwordBytes = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }).map(passwordHeader),
    oddText.map(passwordHeader),
    textWithUnusable(fc.string({ maxLength: 10 })).map(passwordHeader),
    headerText({ maxLength: 40 }),
  );
  /** Headers left out or broken: at least one of those given. */
  const brokenHeaders = (
    fields: Record<string, { valid: fc.Arbitrary<string>; broken: fc.Arbitrary<string> }>,
  ) =>
    someBroken(
      Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [
          name,
          { valid: field.valid, broken: fc.option(field.broken, { nil: undefined }) },
        ]),
      ),
    ).map((entries) =>
      Object.fromEntries(
        entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined),
      ),
    );

  it('login', async () => {
    const malformed = brokenHeaders({
      kundennummer: { valid: fc.constantFrom('10001', '10003'), broken: kundennummerBroken },
      passwort: { valid: passwordBytes.filter((bytes) => bytes !== ''), broken: fc.constant('') },
    });
    // well formed, but the customer unknown or the password wrong: counted and audited
    const wrong = fc.record({
      kundennummer: fc.constantFrom('10004', '99999', '0', ' 10003 '),
      passwort: passwordBytes.filter(
        (bytes) => bytes !== '' && bytes !== 'Demo-2026!' && bytes !== 'Start-2026!',
      ),
    });
    await expectRefused(
      fc.oneof(malformed, wrong).map((headers) => ({
        method: 'POST',
        url: '/api/anschlussnutzer/login',
        headers,
      })),
      PASSWORD_BOOKKEEPING,
    );
  });

  it('password reset: request', async () => {
    const resetUrl = server.config.passwordResetUrl;
    await expectRefused(
      brokenHeaders({
        kundennummer: { valid: fc.constantFrom('10001', '10002'), broken: kundennummerBroken },
        basisurl: {
          valid: fc.constant(resetUrl),
          broken: fc.oneof(
            fc.constantFrom(
              '',
              'https://angreifer.example/passwort/erneuern',
              `${resetUrl}?weiter=https://angreifer.example`,
              resetUrl.toUpperCase(),
              `${resetUrl}/`,
              `${PORTAL_URL}@angreifer.example/passwort/erneuern`,
              'javascript:alert(1)',
            ),
            headerText({ maxLength: 60 }).filter((url) => url !== resetUrl),
          ),
        },
      }).map((headers) => ({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset',
        headers,
      })),
    );
  });

  it('password reset: set the new password', async () => {
    await expectRefused(
      brokenHeaders({
        // no token is ever valid here: none has been sent
        token: {
          valid: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          broken: headerText({ maxLength: 80 }),
        },
        neuespasswort: {
          valid: fc.constantFrom('Neu-Passwort-2026!', 'Grüße-€-2026').map(passwordHeader),
          broken: fc.oneof(
            fc.constantFrom('', 'kurz', '1234567', 'x'.repeat(129)).map(passwordHeader),
            passwordBytes,
          ),
        },
      }).map((headers) => ({
        method: 'POST',
        url: '/api/anschlussnutzer/passwort_reset_abschluss',
        headers,
      })),
    );
  });
});
