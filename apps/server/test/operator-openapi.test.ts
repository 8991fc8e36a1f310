import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { InjectOptions } from 'fastify';
import { OPERATOR_SCOPES } from '../src/config';
import { buildOperatorApp, type OperatorApp } from '../src/operator-app';
import { makeJpeg } from './images';
import {
  OPERATOR_KEY,
  operatorBearer,
  sessionHeaders,
  startTestServer,
  type TestServer,
} from './harness';
import {
  expectAnswersAsDocumented,
  expectNamedOperations,
  type Call,
  type OpenApiDocument,
} from './openapi-answers';
import { createHash } from 'node:crypto';

const CONTRACT = 5000001;
const REFERENCE = '/referenz';

/**
 * The operator port's own document (/openapi.json): every route of the operator app, answered
 * with a real call and held against it, as the customers' document is in openapi.test.ts.
 */
describe('the operator API document', () => {
  let server: TestServer;
  let operator: OperatorApp;
  const routes: string[] = [];
  const calls: Call[] = [];
  let document: OpenApiDocument;

  const call = async (route: string, options: InjectOptions) => {
    const [method] = route.split(' ');
    const response = await operator.inject({
      method: method as 'GET',
      ...options,
      headers: { ...operatorBearer, ...options.headers },
    });
    calls.push({ route, response });
    return response;
  };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    operator = await buildOperatorApp(
      {
        ...server.config,
        onRoute: (route) => {
          for (const method of ([] as string[]).concat(route.method)) {
            // The reference page's own files are Scalar's, not calls of the API.
            if (method !== 'HEAD' && !route.url.startsWith(REFERENCE))
              routes.push(`${method} ${route.url}`);
          }
        },
        operator: {
          port: 0,
          host: '127.0.0.1',
          keys: [
            {
              name: 'test',
              sha256: createHash('sha256').update(OPERATOR_KEY).digest(),
              scopes: new Set(OPERATOR_SCOPES),
            },
          ],
          failuresPerMinute: 20,
        },
      },
      { db: server.db },
    );
    // Without a key: the document describes, it holds no data.
    const answer = await operator.inject({ url: '/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json<OpenApiDocument>();
    calls.push({ route: 'GET /openapi.json', response: answer });

    const max = await sessionHeaders(server.app);
    const meter = (
      await server.app.inject({ url: `/api/vertrag/${CONTRACT}/zaehler`, headers: max })
    ).json<{ nummer: string; kanaele: { obiskennzahl: string }[] }>();
    const reading = await server.app.inject({
      method: 'POST',
      url: `/api/vertrag/${CONTRACT}/ablesungen`,
      headers: max,
      payload: {
        ablesedatum: '2026-01-04',
        zaehlernummer: meter.nummer,
        ablesewerte: { [meter.kanaele[0]!.obiskennzahl]: 98_999 },
        foto: (await makeJpeg()).toString('base64'),
      },
    });
    expect(reading.statusCode).toBe(201);

    const feed = await call('GET /aenderungen', { url: '/aenderungen?anzahl=1000' });
    const entries = feed.json<{ eintraege: { id: string; typ: string }[] }>().eintraege;
    const withPhoto = entries.findLast((entry) => entry.typ === 'ABLESUNG')!;
    await call('GET /aenderungen/:id/foto', { url: `/aenderungen/${withPhoto.id}/foto` });
    await call('GET /aenderungen', { url: '/aenderungen?nach=kein-cursor' });
    await call('POST /backup', { url: '/backup' });

    const json = { 'content-type': 'application/json' };
    for (const route of routes.filter((made) => made.startsWith('PUT /import/'))) {
      const url = route.slice('PUT '.length).replace(':vertragsnummer', String(CONTRACT));
      await call(route, { url, headers: json, payload: '[]' });
      if (url.endsWith('/preise') || url.includes('/energiemengen/')) {
        const hour = url.endsWith('/preise')
          ? '2025-01-15T00:00:00+01:00'
          : '2025-01-15T01:00:00+01:00';
        await call(route, { url, headers: json, payload: [{ zeitpunkt: hour, wert: 1.5 }] });
      }
    }
  }, 180_000);
  afterAll(async () => {
    await operator?.close();
    await server?.close();
  });

  it('answers every registered route as its document says', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /aenderungen',
        'PUT /import/geschaeftspartner',
        'PUT /import/preise',
        'POST /backup',
      ]),
    );
    expectAnswersAsDocumented(document, routes, calls);
  });

  it('names every operation for a generated client: operationId, German summary, tag, shared components', () => {
    expectNamedOperations(document);
    expect(document.paths['/import/vertraege']!['put']!.operationId).toBe('vertraegeImportieren');
  });

  it('is valid OpenAPI 3.1 and names the key as a bearer scheme', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(validator.version).toBe('3.1');
    expect(JSON.stringify(document)).toContain('"scheme":"bearer"');
  });

  it('shows the reference page without a key, and nothing else', async () => {
    const page = await operator.inject({ url: `${REFERENCE}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    expect((await operator.inject({ url: '/aenderungen' })).statusCode).toBe(401);
  });
});
