import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { contactRequests, mailOutbox } from '../src/db/schema/index';
import {
  CONTACT_REQUEST_REPEAT_SECONDS,
  SAME_CONTACT_REQUEST_MESSAGE,
} from '../src/modules/customer/service';
import { backends, sessionHeaders, startTestServer, type TestServer } from './harness';

/**
 * The same contact request twice within a minute (a double click, a resend after a lost answer)
 * is one ticket: the repeat is refused with the first one's number, and nothing is written.
 */
describe.each(backends)('a repeated contact request (%s)', (backend) => {
  let server: TestServer;
  const request = { betreff: 'FRAGE_ZUR_ABRECHNUNG', text: 'Bitte senden Sie mir die Rechnung.' };

  const send = (headers: Record<string, string>, payload: object = request) =>
    server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/kontaktanfrage',
      headers,
      payload,
    });
  const rows = async (table: typeof contactRequests | typeof mailOutbox) =>
    (await server.db.select({ n: count() }).from(table))[0]!.n;
  const idsOf = async (text: string) =>
    (
      await server.db
        .select({ id: contactRequests.id })
        .from(contactRequests)
        .where(eq(contactRequests.text, text))
    ).map((row) => row.id);

  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 120_000);
  afterAll(() => server?.close());

  it('refuses the same request again within a minute, naming the first, and writes nothing', async () => {
    const max = await sessionHeaders(server.app, '10001');
    const sent = await send(max);
    expect(sent.statusCode).toBe(201);
    const [first] = await idsOf(request.text);
    expect(sent.json()).toEqual({ anfrageNr: first });
    const before = { requests: await rows(contactRequests), mails: await rows(mailOutbox) };

    server.clock.advanceSeconds(CONTACT_REQUEST_REPEAT_SECONDS - 1);
    const again = await send(max);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SAME_CONTACT_REQUEST_MESSAGE(first!));
    expect(again.json().message).toBe(
      `Diese Anfrage ist bereits bei uns eingegangen (Anfrage-Nr. ${first}). Sie müssen sie nicht noch einmal senden; wir kümmern uns darum.`,
    );
    expect(await rows(contactRequests)).toBe(before.requests);
    expect(await rows(mailOutbox)).toBe(before.mails);

    // Another text, another subject or another customer is a request of its own.
    const otherText = { ...request, text: `${request.text} Danke.` };
    expect((await send(max, otherText)).statusCode).toBe(201);
    expect((await send(max, { ...request, betreff: 'SONSTIGES' })).statusCode).toBe(201);
    expect((await send(await sessionHeaders(server.app, '10002'))).statusCode).toBe(201);

    // After the minute the same words are a new request.
    server.clock.advanceSeconds(2);
    expect((await send(max)).statusCode).toBe(201);
    // The first, the other subject's, the other customer's and this one.
    expect(await idsOf(request.text)).toHaveLength(4);
  });

  it('makes one ticket of two identical requests sent at once', async () => {
    const headers = await sessionHeaders(server.app, '10002');
    const text = 'Zweimal gleichzeitig gesendet, bitte nur einmal.';
    const answers = await Promise.all([
      send(headers, { ...request, text }),
      send(headers, { ...request, text }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const ids = await idsOf(text);
    expect(ids).toHaveLength(1);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(SAME_CONTACT_REQUEST_MESSAGE(ids[0]!));
  });
});
