import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  passwordHeader,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';
import { expectGermanError } from './german-messages';

interface BadCall {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  session?: boolean;
  headers?: Record<string, string>;
  payload?: unknown;
  rawBody?: string;
}

const today = new Date().toISOString().slice(0, 10);
const calls: BadCall[] = [
  { name: 'login without headers', method: 'POST', url: '/api/anschlussnutzer/login' },
  {
    name: 'login without password',
    method: 'POST',
    url: '/api/anschlussnutzer/login',
    headers: { kundennummer: '10001' },
  },
  {
    name: 'password change with missing fields',
    method: 'PUT',
    url: '/api/anschlussnutzer/passwort_aendern',
    session: true,
    payload: {},
  },
  {
    name: 'password change with wrong types',
    method: 'PUT',
    url: '/api/anschlussnutzer/passwort_aendern',
    session: true,
    payload: { altesPasswort: 12345678, neuesPasswort: ['x'] },
  },
  {
    name: 'cancellation without fields',
    method: 'POST',
    url: '/api/vertrag/5000001/kuendigen',
    session: true,
    payload: {},
  },
  {
    name: 'cancellation with a German date and an unknown reason',
    method: 'POST',
    url: '/api/vertrag/5000001/kuendigen',
    session: true,
    payload: { grund: 'LAUNE', datum: '01.01.2030' },
  },
  {
    name: 'cancellation with a text too long',
    method: 'POST',
    url: '/api/vertrag/5000001/kuendigen',
    session: true,
    payload: { grund: 'AUSZUG', datum: '2030-01-01', text: 'x'.repeat(2001) },
  },
  {
    name: 'cancellation before the second working day',
    method: 'POST',
    url: '/api/vertrag/5000001/kuendigen',
    session: true,
    payload: { grund: 'AUSZUG', datum: today },
  },
  {
    name: 'cancellation with malformed JSON',
    method: 'POST',
    url: '/api/vertrag/5000001/kuendigen',
    session: true,
    rawBody: '{"grund": ',
  },
  {
    name: 'readings with a malformed date range',
    method: 'GET',
    url: '/api/vertrag/5000001/ablesungen?von=gestern',
    session: true,
  },
  {
    name: 'consumption with a malformed date range',
    method: 'GET',
    url: '/api/vertrag/5000001/verbraeuche?bis=2026-13-45',
    session: true,
  },
  { name: 'holidays for no year', method: 'GET', url: '/api/feiertage?years=abc' },
];

describe.each(backends)('400 answers in German on %s', (backend) => {
  let server: TestServer;
  let session: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(backend);
    session = await sessionHeaders(server.app, '10001');
  });
  afterAll(() => server.close());

  it.each(calls)('$name: a German sentence naming the field', async (call) => {
    const response = await server.app.inject({
      method: call.method,
      url: call.url,
      headers: {
        ...(call.session ? session : {}),
        ...call.headers,
        ...(call.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.rawBody !== undefined ? { payload: call.rawBody } : {}),
      ...(call.payload !== undefined ? { payload: call.payload as object } : {}),
    });
    expect(response.statusCode).toBe(400);
    expectGermanError(response.json());
  });

  it('names the field: a missing cancellation date', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/vertrag/5000001/kuendigen',
      headers: session,
      payload: { grund: 'AUSZUG', datum: '1.1.2030' },
    });
    expect(response.json()).toEqual({
      message: 'Bitte geben Sie das Lieferende als Datum an.',
      felder: { datum: 'Bitte geben Sie das Lieferende als Datum an.' },
    });
  });

  it('answers a body over the limit with 413 in German', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/vertrag/5000001/kuendigen',
      headers: { ...session, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(16 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Die gesendeten Daten sind zu groß.' });
  });

  it('keeps a password header in bytes apart from its check', () => {
    expect(passwordHeader('ä')).toHaveLength(2);
  });
});
