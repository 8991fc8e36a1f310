import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages, NoContentSchema, SessionAnswerSchema } from '@kundenportal/contract';
import { sessionStore } from '../session/session-store';
import { z } from 'zod';
import { ApiError, apiGet, apiRequest, apiSend, errorMessage, NO_ANSWER } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  sessionStore.clear();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** The ApiError a call throws. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api-client error normalisation', () => {
  it("reads a 400's message and field messages", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        message: 'Die Eingaben sind ungültig.',
        felder: { text: 'Die Nachricht muss mindestens 20 Zeichen lang sein.', zahl: 3 },
      }),
    );
    const error = await failure(apiRequest('/anschlussnutzer/kontaktanfrage', { method: 'POST' }));
    expect(error.status).toBe(400);
    expect(error.technical).toBe(false);
    expect(error.message).toBe('Die Eingaben sind ungültig.');
    // Only text values are field messages.
    expect(error.felder).toEqual({ text: 'Die Nachricht muss mindestens 20 Zeichen lang sein.' });
    expect(errorMessage(error, 'Rückfall')).toBe('Die Eingaben sind ungültig.');
  });

  it('answers the screen’s own text for a 4xx without a message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    const error = await failure(apiRequest('/dokument/alle'));
    expect(error.status).toBe(404);
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error, 'Die Dokumente konnten nicht geladen werden.')).toBe(
      'Die Dokumente konnten nicht geladen werden.',
    );
  });

  it('hides a 5xx behind the text of spec §8.1', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'relation "kunde" does not exist' }));
    const error = await failure(apiRequest('/anschlussnutzer'));
    expect(error.status).toBe(500);
    expect(error.technical).toBe(true);
    expect(error.message).toBe(Messages.unexpectedTechnicalError);
    expect(errorMessage(error, 'Rückfall')).toBe(Messages.unexpectedTechnicalError);
  });

  it('treats a call without an answer as technical', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('/anschlussnutzer'));
    expect(error.status).toBe(NO_ANSWER);
    expect(errorMessage(error, 'Rückfall')).toBe(Messages.unexpectedTechnicalError);
  });

  it('lets an abort through as it is, for the callers to ignore', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(apiRequest('/anschlussnutzer')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends the session on a 401 (spec §8.1), as not asked by the customer', async () => {
    sessionStore.start('token-1', 1800, '10001');
    fetchMock.mockResolvedValue(json(401, { message: 'Die Sitzung ist abgelaufen.' }));
    const error = await failure(apiRequest('/anschlussnutzer'));
    expect(error.status).toBe(401);
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.endedUnasked()).toBe(true);
  });

  it('sends the session headers and renews the session by the answer’s ttl', async () => {
    sessionStore.start('token-1', 60, '10001');
    const before = Date.parse(sessionStore.get()!.ablaufdatum);
    fetchMock.mockResolvedValue(json(200, { ok: true }, { ttl: '1800' }));
    await apiRequest('/anschlussnutzer');
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('token')).toBe('token-1');
    expect(headers.get('kundennummer')).toBe('10001');
    expect(Date.parse(sessionStore.get()!.ablaufdatum)).toBeGreaterThan(before + 1000_000);
  });

  it('is any other error only the unknown text', () => {
    expect(errorMessage(new Error('boom'), 'Rückfall')).toBe('Rückfall');
  });
});

describe('apiSend', () => {
  it("parses a mutation's answer with the contract's schema", async () => {
    fetchMock.mockResolvedValue(json(200, { kundennummer: '10001' }));
    await expect(
      apiSend('/anschlussnutzer/passwort_aendern', { method: 'PUT' }, SessionAnswerSchema),
    ).resolves.toEqual({ kundennummer: '10001' });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      apiSend('/anschlussnutzer/kontaktanfrage', { method: 'POST' }, NoContentSchema),
    ).resolves.toBeUndefined();
  });

  it('refuses an answer the schema does not describe', async () => {
    fetchMock.mockResolvedValue(json(200, { kunde: 10001 }));
    await expect(
      apiSend('/anschlussnutzer/passwort_aendern', { method: 'PUT' }, SessionAnswerSchema),
    ).rejects.toThrow();
  });
});

describe('apiGet', () => {
  it('builds its schema in a task of its own while the answer is on the way', async () => {
    // A schema built on first use is built at its first read (docs/decisions/027-schemas-built-on-first-use.md).
    const reads = vi.fn();
    const schema = new Proxy(z.object({ ok: z.boolean() }), {
      get: (target, key) => {
        reads();
        return Reflect.get(target, key) as unknown;
      },
    });
    let answer = (_: Response) => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const parsed = apiGet('/vertrag/5000001', schema);
    expect(reads).not.toHaveBeenCalled();
    await expect.poll(() => reads.mock.calls.length).toBeGreaterThan(0);
    answer(json(200, { ok: true }));
    await expect(parsed).resolves.toEqual({ ok: true });
  });

  it('builds a schema the answer finds unbuilt in a task before the parse, once', async () => {
    const calls: string[] = [];
    const schema = new Proxy(z.object({ ok: z.boolean() }), {
      get: (target, key) => {
        if (key === 'safeParse' || key === 'parse') calls.push(key);
        return Reflect.get(target, key) as unknown;
      },
    });
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    const parsed = apiGet('/vertrag/5000001', schema);
    // A task queued now runs after the answer's microtasks and before the task apiGet queues.
    await new Promise((resolve) => setTimeout(resolve));
    expect(calls).toEqual(['safeParse']);
    await expect(parsed).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['safeParse', 'parse']);

    fetchMock.mockResolvedValue(json(200, { ok: false }));
    await expect(apiGet('/vertrag/5000001', schema)).resolves.toEqual({ ok: false });
    expect(calls).toEqual(['safeParse', 'parse', 'parse']);
  });
});
