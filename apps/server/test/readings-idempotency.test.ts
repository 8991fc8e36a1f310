import { berlinDayOf, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@kundenportal/contract';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeed, mailOutbox, readingIdempotencyKeys, readings } from '../src/db/schema/index';
import { purgeLeftovers } from '../src/modules/housekeeping/service';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';
import { contractSpec, meterReadings, newContracts, newCustomer } from './rows';

type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

const METER = 'TEST-IDEM-1';
const OTHER_METER = 'TEST-IDEM-2';
const ONE = '1-1:1.8.0';

describe.each(backends)('readings with an Idempotency-Key on %s', (backend) => {
  let server: TestServer;
  let reader: Headers;
  let other: Headers;
  let contract: number;
  let otherContract: number;
  let readerId: number;

  const post = (
    key: string | undefined,
    payload: object,
    headers: Headers = reader,
    contractId = contract,
  ) =>
    server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${contractId}/ablesungen`,
      headers: { ...headers, ...(key !== undefined && { 'idempotency-key': key }) },
      payload,
    });

  /** A reading of `daysAgo` days ago, its value growing with the day. */
  const reading = (daysAgo: number, wert = 20_000 - daysAgo, meter = METER) => ({
    ablesedatum: berlinDayOf(server.clock.now, -daysAgo),
    zaehlernummer: meter,
    ablesewerte: { [ONE]: wert },
  });

  /** Rows of what one stored reading writes: the reading, its mail and its feed entry. */
  const written = async (ablesedatum: string, meterContract = contract, meter = METER) => ({
    readings: (
      await server.db
        .select({ n: count() })
        .from(readings)
        .where(and(eq(readings.contractId, meterContract), eq(readings.ablesedatum, ablesedatum)))
    )[0]!.n,
    mails: (
      await server.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(
          sql`${mailOutbox.subject} like ${`%${meter} vom ${ablesedatum.split('-').reverse().join('.')}`}`,
        )
    )[0]!.n,
    feed: (
      await server.db
        .select({ n: count() })
        .from(changeFeed)
        .where(
          and(
            eq(changeFeed.vertragsnummer, meterContract),
            sql`${changeFeed.daten}->>'ablesedatum' = ${ablesedatum}`,
          ),
        )
    )[0]!.n,
  });

  beforeAll(async () => {
    server = await startTestServer(backend);
    const customer = await newCustomer(server.db, { email: 'ida.kellerlicht@example.de' });
    readerId = customer.customerId;
    [contract] = (
      await newContracts(
        server.db,
        customer.customerId,
        [contractSpec({ zaehler: { ...meterReadings([['2025-01-01', 10_000]]), nummer: METER } })],
        server.clock.now,
      )
    ).map((row) => row.id) as [number];
    reader = await sessionHeaders(server.app, customer.kundennummer, customer.password);
    const second = await newCustomer(server.db, { email: 'otto.nachbar@example.de' });
    [otherContract] = (
      await newContracts(
        server.db,
        second.customerId,
        [
          contractSpec({
            zaehler: { ...meterReadings([['2025-01-01', 10_000]]), nummer: OTHER_METER },
          }),
        ],
        server.clock.now,
      )
    ).map((row) => row.id) as [number];
    other = await sessionHeaders(server.app, second.kundennummer, second.password);
  });
  afterAll(() => server?.close());

  it('answers a repeated key with the first answer, without a second reading, mail or feed entry', async () => {
    const key = randomUUID();
    const sent = reading(1);
    const first = await post(key, sent);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(key, sent);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await written(sent.ablesedatum)).toEqual({ readings: 1, mails: 1, feed: 1 });
  });

  it('stores one reading and one mail when the same key arrives twice at once', async () => {
    const key = randomUUID();
    const sent = reading(2);
    const answers = await Promise.all([post(key, sent), post(key, sent), post(key, sent)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(answers[1]?.json()).toEqual(answers[0]?.json());
    expect(answers[2]?.json()).toEqual(answers[0]?.json());
    expect(await written(sent.ablesedatum)).toEqual({ readings: 1, mails: 1, feed: 1 });
  });

  it('refuses a key reused for another reading, in German, and writes nothing', async () => {
    const key = randomUUID();
    expect((await post(key, reading(3))).statusCode).toBe(201);
    const changed = await post(key, reading(4));
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    const otherValue = await post(key, reading(3, 1));
    expect(otherValue.statusCode).toBe(422);
    expect(await written(reading(4).ablesedatum)).toEqual({ readings: 0, mails: 0, feed: 0 });
    expect(await written(reading(3).ablesedatum)).toEqual({ readings: 1, mails: 1, feed: 1 });
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(101)],
    ['with a space', 'zwei Worte'],
    ['with a non-ASCII character', 'schlüssel'],
  ])('refuses a key that is %s with a German 400', async (_, key) => {
    const answer = await post(key, reading(5));
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toContain('Idempotency-Key');
    expect(await written(reading(5).ablesedatum)).toEqual({ readings: 0, mails: 0, feed: 0 });
  });

  it('keeps keys apart per customer', async () => {
    const key = randomUUID();
    expect((await post(key, reading(6))).statusCode).toBe(201);
    const theirs = await post(key, reading(6, 15_000, OTHER_METER), other, otherContract);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json()).toMatchObject({ zaehlernummer: OTHER_METER });
    expect(await written(reading(6).ablesedatum, otherContract, OTHER_METER)).toEqual({
      readings: 1,
      mails: 1,
      feed: 1,
    });
  });

  it('does not remember a refusal: the corrected reading goes through under the same key', async () => {
    const key = randomUUID();
    const future = { ...reading(0), ablesedatum: berlinDayOf(server.clock.now, 3) };
    const refused = await post(key, future);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('hinweis');
    const corrected = await post(key, reading(7));
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await written(reading(7).ablesedatum)).toEqual({ readings: 1, mails: 1, feed: 1 });
  });

  it('still stores a reading sent without a key', async () => {
    const sent = reading(8);
    expect((await post(undefined, sent)).statusCode).toBe(201);
    expect(await written(sent.ablesedatum)).toEqual({ readings: 1, mails: 1, feed: 1 });
  });

  it('forgets keys after a week in the housekeeping', async () => {
    const old = randomUUID();
    const fresh = randomUUID();
    expect((await post(old, reading(9))).statusCode).toBe(201);
    expect((await post(fresh, reading(10))).statusCode).toBe(201);
    await server.db
      .update(readingIdempotencyKeys)
      .set({ createdAt: new Date(server.clock.now.getTime() - 8 * 86_400_000) })
      .where(eq(readingIdempotencyKeys.schluessel, old));
    await purgeLeftovers(server.db, server.config);
    const kept = await server.db
      .select({ schluessel: readingIdempotencyKeys.schluessel })
      .from(readingIdempotencyKeys)
      .where(eq(readingIdempotencyKeys.customerId, readerId));
    expect(kept.map((row) => row.schluessel)).toContain(fresh);
    expect(kept.map((row) => row.schluessel)).not.toContain(old);
  });
});
