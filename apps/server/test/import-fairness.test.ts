/**
 * An import on the operator port beside the customers: their calls get their turn between the
 * import's records, /api/ready says 503 while the database's queue is long, and an operator's
 * body is parsed off the event loop. Asserted by the order in which answers arrive, never by
 * how long they took (the bench, `npm run bench:import`, carries the times).
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '@kundenportal/contract';
import { ReadinessMessages } from '../src/modules/health/service';
import { OPERATOR_BODY_MAX_DEPTH } from '../src/plugins/request-bodies';
import {
  backends,
  operatorBearer,
  sessionHeaders,
  startOperatorApp,
  startTestServer,
  type TestServer,
} from './harness';

/**
 * Small partner records: 3,000 of them (211 kB) held every customer for 10 s. A thousand show
 * the order as well and leave time enough on CI's two busy cores, where 3,000 took over 30 s.
 */
const RECORDS = 1_000;
const partners = Array.from({ length: RECORDS }, (_, i) => ({
  kundennummer: String(3_000_000 + i),
  anrede: 'Frau',
  vorname: 'Ida',
  nachname: `Import ${i}`,
  email: `ida.${i}@example.de`,
  portalzugang: 'AKTIV',
}));

const portOf = (app: { server: { address(): unknown } }) =>
  (app.server.address() as AddressInfo).port;

describe.each(backends)('an import beside the customers on %s', (backend) => {
  let server: TestServer;
  let operator: Awaited<ReturnType<typeof startOperatorApp>>;
  let customersUrl: string;
  let operatorUrl: string;
  /** Resolved when a request's handler is about to run, or its body has fully arrived. */
  const handlerStarted = new Map<string, () => void>();
  const bodyArrived = new Map<string, () => void>();
  const waitFor = (registry: Map<string, () => void>, url: string) =>
    new Promise<void>((resolve) => registry.set(url, resolve));

  beforeAll(async () => {
    server = await startTestServer(backend);
    operator = await startOperatorApp(server);
    operator.addHook('preParsing', async (request, _reply, payload) => {
      const arrived = bodyArrived.get(request.url);
      // Before the parser's own listener, which is added once this hook is done.
      if (arrived) request.raw.once('end', arrived);
      return payload;
    });
    operator.addHook('preHandler', async (request) => handlerStarted.get(request.url)?.());
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    await operator.listen({ port: 0, host: '127.0.0.1' });
    customersUrl = `http://127.0.0.1:${portOf(server.app)}`;
    operatorUrl = `http://127.0.0.1:${portOf(operator)}`;
  });
  afterAll(async () => {
    await operator?.close();
    await server?.close();
  });

  const putImport = (kind: string, body: string, contentType = 'application/json') =>
    fetch(`${operatorUrl}/import/${kind}`, {
      method: 'PUT',
      headers: { ...operatorBearer, 'content-type': contentType },
      body,
    });

  it('answers health, ready and a customer read before a large import is done', async () => {
    const session = await sessionHeaders(server.app);
    const done: string[] = [];
    const answered = <T>(name: string, answer: Promise<T>) =>
      answer.then((value) => {
        done.push(name);
        return value;
      });
    const started = waitFor(handlerStarted, '/import/geschaeftspartner');
    const importing = answered(
      'import',
      putImport('geschaeftspartner', JSON.stringify(partners)).then(
        async (response) => (await response.json()) as ImportResult,
      ),
    );
    await started;
    const [health, ready, customer] = await Promise.all([
      answered('health', fetch(`${customersUrl}/api/health`)),
      answered('ready', fetch(`${customersUrl}/api/ready`)),
      answered('customer', fetch(`${customersUrl}/api/anschlussnutzer`, { headers: session })),
    ]);
    expect(health.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(customer.status).toBe(200);
    expect(((await customer.json()) as { kundennummer: string }).kundennummer).toBe('10001');
    const result = await importing;
    expect(result.angelegt).toBe(RECORDS);
    expect(done.at(-1)).toBe('import');
    // A bound for a busy machine, not a measure: the bench carries the times.
  }, 120_000);

  it('is not ready, with a German reason, while the database has a long queue', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Every connection (PostgreSQL's pool of 10; PGlite's one) held, and many queries behind.
    const holders = Array.from({ length: 10 }, () =>
      server.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    );
    // drizzle sends a query once it is awaited: then() sends it now.
    const queued = Array.from({ length: 150 }, () =>
      server.db.execute(sql`select 1`).then(() => undefined),
    );
    try {
      const answer = await server.app.inject({ url: '/api/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ message: ReadinessMessages.busy });
    } finally {
      release();
      await Promise.allSettled([...holders, ...queued]);
    }
    await vi.waitFor(
      async () => expect((await server.app.inject({ url: '/api/ready' })).statusCode).toBe(200),
      { timeout: 5_000, interval: 100 },
    );
  });

  it('refuses a body nested deeper than its bound with a German 400, and answers health meanwhile', async () => {
    const depth = 5_000_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const done: string[] = [];
    const arrived = waitFor(bodyArrived, '/import/geschaeftspartner');
    const importing = putImport('geschaeftspartner', nested).then(async (response) => {
      done.push('import');
      return { status: response.status, body: (await response.json()) as { message: string } };
    });
    // Asked once the whole body is there, when its parse begins.
    await arrived;
    const health = await fetch(`${customersUrl}/api/health`);
    done.push('health');
    expect(health.status).toBe(200);
    const refused = await importing;
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `Die gesendeten Daten sind zu tief verschachtelt: höchstens ${OPERATOR_BODY_MAX_DEPTH} Ebenen.`,
    );
    expect(done).toEqual(['health', 'import']);
    // NDJSON too, with the line that is too deep.
    const lines = `{"kundennummer":"3999999"}\n${'['.repeat(40)}${']'.repeat(40)}\n`;
    const ndjson = await putImport('geschaeftspartner', lines, 'application/x-ndjson');
    expect(ndjson.status).toBe(400);
    expect(((await ndjson.json()) as { message: string }).message).toBe(
      `Zeile 2 ist zu tief verschachtelt: höchstens ${OPERATOR_BODY_MAX_DEPTH} Ebenen.`,
    );
  });
});
