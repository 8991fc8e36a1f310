import { berlinDayOf } from '@kundenportal/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  auditLog,
  mailOutbox,
  readingPhotos,
  readings,
  readingValues,
} from '../src/db/schema/index';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';
import { decodeMail } from './outbox-files';
import { STROM, STROM_HT, STROM_NT, type DemoContract } from '../src/demo/model';
import { contractSpec, GAS as GAS_CHANNEL, meterReadings, newContracts, newCustomer } from './rows';

type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

/** Another customer's contract (the demo's 10002), which must stay out of reach. */
const BAECKEREI = 5000005;
const DYNAMIC_METER = 'TEST-EIN-1';
const GAS_METER = 'TEST-GAS-1';
const DAY_NIGHT_METER = 'TEST-HTNT-1';
const READER_MAIL = 'tessa.kundin@example.de';
const HT = '1-1:1.8.1';
const NT = '1-1:1.8.2';
const ONE = '1-1:1.8.0';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(backends)('meter readings on %s', (backend) => {
  let server: TestServer;
  /** The customer who reads: a one-channel, a gas and a day/night meter, read before. */
  let reader: Headers;
  let DYNAMIC: number;
  let GAS: number;
  let DAY_NIGHT: number;
  let today: string;

  const get = (url: string, headers: Headers = reader) =>
    server.app.inject({ method: 'GET', url, headers });
  const post = (contract: number, payload: unknown, headers: Headers = reader) =>
    server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${contract}/ablesungen`,
      headers,
      payload: payload as object,
    });

  /** Rows of every table a reading writes to. */
  const rowCounts = async () => {
    const counted = async (table: typeof readings | typeof readingValues | typeof readingPhotos) =>
      (await server.db.select({ n: count() }).from(table))[0]!.n;
    return {
      readings: await counted(readings),
      values: await counted(readingValues),
      photos: await counted(readingPhotos),
      audit: (await server.db.select({ n: count() }).from(auditLog))[0]!.n,
      mails: (await server.db.select({ n: count() }).from(mailOutbox))[0]!.n,
    };
  };

  /** The plausibility check's own customer: a meter read at 10 kWh a day, and a day/night one. */
  let own: Headers;
  let oneChannel: number;
  let dayNight: number;
  const OWN_METER = 'TEST-PLAUSI-1';
  const OWN_DAY_NIGHT_METER = 'TEST-PLAUSI-2';

  beforeAll(async () => {
    server = await startTestServer(backend);
    today = berlinDayOf(server.clock.now);
    const readerCustomer = await newCustomer(server.db, { email: READER_MAIL });
    const read = (
      readings: [string, number[]][],
    ): NonNullable<DemoContract['zaehler']>['ablesungen'] =>
      readings.map(([ablesedatum, werte]) => ({
        ...meterReadings([[ablesedatum, 0]]).ablesungen[0]!,
        werte,
      }));
    [DYNAMIC, GAS, DAY_NIGHT] = (
      await newContracts(
        server.db,
        readerCustomer.customerId,
        [
          contractSpec({
            lieferbeginn: '2024-03-01',
            gewuenschterLieferbeginn: '2024-03-01',
            zaehler: {
              nummer: DYNAMIC_METER,
              kanaele: [STROM],
              ablesungen: read([
                ['2024-03-01', [10_234.5]],
                ['2024-12-31', [12_890.1]],
                ['2025-12-31', [16_101.7]],
              ]),
            },
          }),
          contractSpec({
            versorgungsart: 'GAS',
            zaehler: {
              nummer: GAS_METER,
              kanaele: [GAS_CHANNEL],
              ablesungen: read([
                ['2024-09-30', [2_801.44]],
                ['2025-09-30', [4_015.9]],
              ]),
            },
          }),
          contractSpec({
            zaehler: {
              nummer: DAY_NIGHT_METER,
              kanaele: [STROM_HT, STROM_NT],
              ablesungen: read([
                ['2024-04-30', [20_410.2, 8_120.4]],
                ['2025-04-30', [24_688.0, 10_402.9]],
              ]),
            },
          }),
        ],
        server.clock.now,
      )
    ).map((row) => row.id) as [number, number, number];
    reader = await sessionHeaders(server.app, readerCustomer.kundennummer, readerCustomer.password);
    const customer = await newCustomer(server.db);
    [oneChannel, dayNight] = (
      await newContracts(
        server.db,
        customer.customerId,
        [
          contractSpec({
            zaehler: {
              ...meterReadings([
                ['2025-01-01', 10_000],
                ['2026-01-01', 13_650], // 365 days: 10 kWh a day
              ]),
              nummer: OWN_METER,
            },
          }),
          contractSpec({
            zaehler: {
              nummer: OWN_DAY_NIGHT_METER,
              kanaele: [STROM_HT, STROM_NT],
              ablesungen: [
                { ...meterReadings([['2025-01-01', 0]]).ablesungen[0]!, werte: [20_000, 8_000] },
                { ...meterReadings([['2026-01-01', 0]]).ablesungen[0]!, werte: [26_000, 10_000] },
              ],
            },
          }),
        ],
        server.clock.now,
      )
    ).map((row) => row.id) as [number, number];
    own = await sessionHeaders(server.app, customer.kundennummer, customer.password);
  });
  afterAll(() => server.close());

  it("answers the contract's current meter with its channels", async () => {
    const dayNight = await get(`/api/vertrag/${DAY_NIGHT}/zaehler`);
    expect(dayNight.statusCode).toBe(200);
    expect(dayNight.json()).toEqual({
      nummer: DAY_NIGHT_METER,
      kanaele: [
        { obiskennzahl: HT, vorkommastellen: 6, nachkommastellen: 1 },
        { obiskennzahl: NT, vorkommastellen: 6, nachkommastellen: 1 },
      ],
      // the form shows it beside each field
      letzteAblesung: { ablesedatum: '2025-04-30', ablesewerte: { [HT]: 24688, [NT]: 10402.9 } },
    });
    const gas = await get(`/api/vertrag/${GAS}/zaehler`);
    expect(gas.json().kanaele).toEqual([
      { obiskennzahl: '7-1:3.0.0', vorkommastellen: 5, nachkommastellen: 3 },
    ]);
    expect((await get(`/api/vertrag/${BAECKEREI}/zaehler`)).statusCode).toBe(404);
  });

  it('stores a reading with its photo, source KUNDE, an audit row and a confirmation mail', async () => {
    const before = await rowCounts();
    const response = await post(DAY_NIGHT, {
      ablesedatum: '2026-01-15',
      zaehlernummer: DAY_NIGHT_METER,
      ablesewerte: { [HT]: 27000.5, [NT]: 11500 },
      foto: PNG.toString('base64'),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      ablesedatum: '2026-01-15',
      zaehlernummer: DAY_NIGHT_METER,
      ermittlungsart: 'KUNDE',
      ablesewerte: {
        [HT]: { obiskennzahl: HT, ablesewert: 27000.5, nachkommastellen: 1 },
        [NT]: { obiskennzahl: NT, ablesewert: 11500, nachkommastellen: 1 },
      },
    });
    expect(await rowCounts()).toEqual({
      readings: before.readings + 1,
      values: before.values + 2,
      photos: before.photos + 1,
      audit: before.audit + 1,
      mails: before.mails + 1,
    });
    const [photo] = await server.db.select().from(readingPhotos);
    expect(photo?.contentType).toBe('image/png');
    // Stored as decoded and encoded anew (photos.test.ts), so compared as an image.
    expect(await sharp(photo!.bytes).metadata()).toMatchObject({
      format: 'png',
      width: 1,
      height: 1,
    });
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ABLESUNG_ERFASST'));
    expect(audit?.details).toMatchObject({ vertragId: DAY_NIGHT, zaehlernummer: DAY_NIGHT_METER });

    const list = (await get(`/api/vertrag/${DAY_NIGHT}/ablesungen`)).json();
    expect(list[0]).toMatchObject({
      ablesedatum: '2026-01-15',
      ermittlungsart: 'KUNDE',
      foto: true,
    });
    expect(list.slice(1).every((reading: { foto: boolean }) => reading.foto === false)).toBe(true);

    // The customer can look at the photo again: the stored image, as an image and nothing else.
    const shown = await get(
      `/api/vertrag/${DAY_NIGHT}/ablesungen/foto?zaehlernummer=${DAY_NIGHT_METER}&ablesedatum=2026-01-15`,
    );
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.headers['content-disposition']).toBe(
      `inline; filename="Zaehlerfoto_${DAY_NIGHT_METER}_2026-01-15.png"; filename*=UTF-8''Zaehlerfoto_${DAY_NIGHT_METER}_2026-01-15.png`,
    );
    expect(Buffer.compare(shown.rawPayload, photo!.bytes)).toBe(0);
    const none = await get(
      `/api/vertrag/${DAY_NIGHT}/ablesungen/foto?zaehlernummer=${DAY_NIGHT_METER}&ablesedatum=2026-01-14`,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Zu dieser Ablesung ist kein Foto gespeichert.');
    const elsewhere = await get(
      `/api/vertrag/${GAS}/ablesungen/foto?zaehlernummer=${DAY_NIGHT_METER}&ablesedatum=2026-01-15`,
    );
    expect(elsewhere.statusCode).toBe(404);

    await server.app.mailer.deliverDue();
    const files = readdirSync(server.config.mail.outboxDir);
    const eml = files
      .map((file) => readFileSync(join(server.config.mail.outboxDir, file), 'utf8'))
      .find((text) => text.includes(DAY_NIGHT_METER));
    expect(eml).toMatch(new RegExp(`^To: ${READER_MAIL}$`, 'm'));
    expect(eml).toContain('Guten Tag Test Kundin,');
    expect(eml).toContain('15.01.2026');
    const mail = decodeMail(eml!);
    expect(mail).toContain('Zählerstand Hochtarif (HT) (1-1:1.8.1): 27.000,50\u00a0kWh');
    expect(mail).toMatch(/Zählerstand Niedertarif \(NT\) \(1-1:1\.8\.2\): [\d.,]+\u00a0kWh/);
    expect(mail).not.toContain('Foto');
  });

  it('confirms a gas reading in its mail and its warning with the digits the customer typed', async () => {
    // 4.301,250 m³ typed on a meter of three decimals: the last zero is the customer's too.
    const response = await post(GAS, {
      ablesedatum: '2026-01-20',
      zaehlernummer: GAS_METER,
      ablesewerte: { [GAS_CHANNEL.obiskennzahl]: 4301.25 },
    });
    expect(response.statusCode).toBe(201);
    await server.app.mailer.deliverDue();
    const eml = readdirSync(server.config.mail.outboxDir)
      .map((file) => readFileSync(join(server.config.mail.outboxDir, file), 'utf8'))
      .find((text) => text.includes(GAS_METER));
    const mail = decodeMail(eml!);
    expect(mail).toContain('Zählerstand: 4.301,250\u00a0m³');
    expect(mail).not.toContain('4.301,25\u00a0');

    const below = await get(
      `/api/vertrag/${GAS}/ablesungen/plausibilisiere?${new URLSearchParams({
        ablesedatum: today,
        zaehlernummer: GAS_METER,
        [`ablesewerte.${GAS_CHANNEL.obiskennzahl}`]: '4300.5',
      }).toString()}`,
    );
    expect(below.json().hinweise[0].hinweis).toMatch(
      /^Der eingegebene Zählerstand 4\.300,500 ist kleiner als der letzte Zählerstand 4\.301,250 vom 20\.01\.2026\./,
    );
  });

  it("refuses a reading after the contract's end with a sentence naming the end, writing nothing", async () => {
    const customer = await newCustomer(server.db);
    const [ended] = await newContracts(
      server.db,
      customer.customerId,
      [
        contractSpec({
          expectedStatus: 'BEENDET',
          lieferbeginn: '2019-02-01',
          gewuenschterLieferbeginn: '2019-02-01',
          lieferende: '2022-04-30',
          gewuenschtesLieferende: '2022-04-30',
          zaehler: { ...meterReadings([['2021-01-31', 4501]]), nummer: 'TEST-ALT-1' },
        }),
      ],
      server.clock.now,
    );
    const headers = await sessionHeaders(server.app, customer.kundennummer, customer.password);
    const reading = (ablesedatum: string) => ({
      ablesedatum,
      zaehlernummer: 'TEST-ALT-1',
      ablesewerte: { [ONE]: 7012.3 },
    });
    const before = await rowCounts();
    for (const day of [today, '2022-05-01']) {
      const refused = await post(ended!.id, reading(day), headers);
      expect(refused.statusCode, day).toBe(400);
      const sentence = 'Das Ablesedatum darf nicht nach dem Lieferende am 30.04.2022 liegen.';
      expect(refused.json()).toMatchObject({
        message: sentence,
        hinweis: sentence,
        felder: { ablesedatum: sentence },
      });
    }
    expect(await rowCounts()).toEqual(before);
    // Its last day of supply still takes the final reading.
    expect((await post(ended!.id, reading('2022-04-30'), headers)).statusCode).toBe(201);
  });

  const valid = () => ({
    ablesedatum: '2026-02-01',
    zaehlernummer: DYNAMIC_METER,
    ablesewerte: { [ONE]: 16500.5 },
  });
  // The contracts are made in beforeAll, after this table: each row names its contract.
  const refusals: [string, () => unknown, 'DYNAMIC' | 'DAY_NIGHT', RegExp][] = [
    [
      "a meter of the customer's other contract",
      () => ({ ...valid(), zaehlernummer: DAY_NIGHT_METER }),
      'DYNAMIC',
      /nicht der aktuelle Zähler/,
    ],
    [
      'a channel code the meter does not have',
      () => ({ ...valid(), ablesewerte: { [ONE]: 16500.5, [HT]: 1 } }),
      'DYNAMIC',
      /kein Zählwerk mit der Kennzahl 1-1:1\.8\.1/,
    ],
    [
      'a missing channel',
      () => ({ ...valid(), zaehlernummer: DAY_NIGHT_METER, ablesewerte: { [HT]: 27100 } }),
      'DAY_NIGHT',
      /Zählerstand für 1-1:1\.8\.2/,
    ],
    [
      'too many digits before the comma',
      () => ({ ...valid(), ablesewerte: { [ONE]: 1234567 } }),
      'DYNAMIC',
      /höchstens 6 Vorkommastellen/,
    ],
    [
      'too many digits after the comma',
      () => ({ ...valid(), ablesewerte: { [ONE]: 16500.55 } }),
      'DYNAMIC',
      /maximal 1 Nachkommastelle/,
    ],
    [
      // The API takes numbers; a German "16.500" (sixteen thousand five hundred) as text is
      // refused rather than read as 16.5.
      'a value as text with a point',
      () => ({ ...valid(), ablesewerte: { [ONE]: '16.500' } }),
      'DYNAMIC',
      /als Zahl/,
    ],
    [
      'a negative value',
      () => ({ ...valid(), ablesewerte: { [ONE]: -1 } }),
      'DYNAMIC',
      /nicht negativ/,
    ],
    [
      'a date in the future',
      () => ({ ...valid(), ablesedatum: berlinDayOf(server.clock.now, 1) }),
      'DYNAMIC',
      /nicht in der Zukunft/,
    ],
    [
      'a date before the delivery start',
      () => ({ ...valid(), ablesedatum: '2024-02-29' }),
      'DYNAMIC',
      /nicht vor dem Lieferbeginn am 01\.03\.2024/,
    ],
    [
      'a photo that is no PNG or JPEG by its bytes',
      () => ({ ...valid(), foto: Buffer.from('Das ist kein Bild, nur Text.').toString('base64') }),
      'DYNAMIC',
      /PNG oder JPEG/,
    ],
    [
      'a photo over 10 MB decoded',
      () => ({
        ...valid(),
        foto: Buffer.concat([PNG, Buffer.alloc(10_000_001 - PNG.length)]).toString('base64'),
      }),
      'DYNAMIC',
      /höchstens 10 MB/,
    ],
    [
      'a photo that is no base64',
      () => ({ ...valid(), foto: '%%% kein base64 %%%' }),
      'DYNAMIC',
      /Foto/,
    ],
    [
      'a date that is no date',
      () => ({ ...valid(), ablesedatum: '01.02.2026' }),
      'DYNAMIC',
      /Ablesedatum/,
    ],
  ];

  it.each(refusals)(
    'refuses %s with 400 and stores nothing',
    async (_, payload, contract, message) => {
      const before = await rowCounts();
      const response = await post(contract === 'DYNAMIC' ? DYNAMIC : DAY_NIGHT, payload());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('refuses a second reading for the same meter and day, also two at the same time', async () => {
    const payload = { ...valid(), ablesedatum: '2026-03-01' };
    const [first, second] = await Promise.all([post(DYNAMIC, payload), post(DYNAMIC, payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const refused = first.statusCode === 400 ? first : second;
    expect(refused.json()).toMatchObject({
      message: `Für den Zähler ${DYNAMIC_METER} liegt zum 01.03.2026 bereits eine Ablesung vor.`,
      hinweis: `Für den Zähler ${DYNAMIC_METER} liegt zum 01.03.2026 bereits eine Ablesung vor.`,
    });
    const before = await rowCounts();
    const again = await post(DYNAMIC, { ...payload, ablesewerte: { [ONE]: 16600 } });
    expect(again.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a foreign contract's readings, meter and check as not found", async () => {
    const before = await rowCounts();
    const response = await post(BAECKEREI, {
      ablesedatum: '2026-02-01',
      zaehlernummer: '1EMH0012345678',
      ablesewerte: { [ONE]: 240000 },
    });
    expect(response.statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
    expect((await get(`/api/vertrag/${BAECKEREI}/zaehler`)).statusCode).toBe(404);
    expect(
      (
        await get(
          `/api/vertrag/${BAECKEREI}/ablesungen/plausibilisiere?ablesedatum=2026-02-01&zaehlernummer=1EMH0012345678`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await get(`/api/vertrag/9999999/ablesungen`)).statusCode).toBe(404);
  });

  const check = (contract: number, query: Record<string, string>) =>
    get(
      `/api/vertrag/${contract}/ablesungen/plausibilisiere?${new URLSearchParams(query).toString()}`,
      own,
    );

  it('warns about a value below the last reading, and about one far above the expected', async () => {
    const below = await check(oneChannel, {
      ablesedatum: today,
      zaehlernummer: OWN_METER,
      [`ablesewerte.${ONE}`]: '12000',
    });
    expect(below.statusCode).toBe(200);
    expect(below.json()).toEqual({
      plausibel: false,
      hinweise: [
        {
          obiskennzahl: ONE,
          hinweis: expect.stringMatching(
            /^Der eingegebene Zählerstand 12\.000,00 ist kleiner als der letzte Zählerstand 13\.650,00 vom 01\.01\.2026\./,
          ) as string,
        },
      ],
    });

    // 10 kWh a day since 1 January: three times that is unusual, about it is not
    const farAbove = await check(oneChannel, {
      ablesedatum: today,
      zaehlernummer: OWN_METER,
      [`ablesewerte.${ONE}`]: '99999',
    });
    expect(farAbove.json().plausibel).toBe(false);
    expect(farAbove.json().hinweise[0].hinweis).toMatch(/weit über dem erwarteten Zählerstand/);

    const usual = await check(oneChannel, {
      ablesedatum: today,
      zaehlernummer: OWN_METER,
      [`ablesewerte.${ONE}`]: '16000',
    });
    expect(usual.json()).toEqual({ plausibel: true, hinweise: [] });

    const nightBelow = await check(dayNight, {
      ablesedatum: today,
      zaehlernummer: OWN_DAY_NIGHT_METER,
      [`ablesewerte.${HT}`]: '28000',
      [`ablesewerte.${NT}`]: '9000',
    });
    expect(nightBelow.json()).toMatchObject({
      plausibel: false,
      hinweise: [{ obiskennzahl: NT }],
    });
  });

  it('refuses a check for a meter that is not the contract’s, and a value that is no number', async () => {
    const wrongMeter = await check(oneChannel, {
      ablesedatum: today,
      zaehlernummer: OWN_DAY_NIGHT_METER,
      [`ablesewerte.${ONE}`]: '17000',
    });
    expect(wrongMeter.statusCode).toBe(400);
    const noNumber = await check(oneChannel, {
      ablesedatum: today,
      zaehlernummer: OWN_METER,
      [`ablesewerte.${ONE}`]: 'viel',
    });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toBe('Bitte geben Sie den Zählerstand als Zahl an.');
  });

  it('checks against a reading sent after the meter’s history was kept for the check', async () => {
    const typed = { ablesedatum: today, zaehlernummer: OWN_METER, [`ablesewerte.${ONE}`]: '13800' };
    expect((await check(oneChannel, typed)).json()).toEqual({ plausibel: true, hinweise: [] });

    const sent = await post(
      oneChannel,
      { ablesedatum: '2026-03-01', zaehlernummer: OWN_METER, ablesewerte: { [ONE]: 14_240 } },
      own,
    );
    expect(sent.statusCode).toBe(201);

    expect((await check(oneChannel, typed)).json().hinweise).toEqual([
      {
        obiskennzahl: ONE,
        hinweis: expect.stringMatching(
          /kleiner als der letzte Zählerstand 14\.240,00 vom 01\.03\.2026\./,
        ) as string,
      },
    ]);
  });
});
