import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { chromium } from 'playwright-core';
import { z } from 'zod';
import { ApiErrorSchema } from '@kundenportal/contract';
import { documentScope, registerApiDocument } from '../src/lib/openapi';
import { registerErrorHandler } from '../src/plugins/error-handler';
import { OPERATOR_LIKE_DOCUMENT } from './openapi-answers';

/** One of this helper's ports (8171-8179): the page is loaded by a real browser. */
const PORT = 8171;
const ORIGIN = `http://127.0.0.1:${PORT}`;

/**
 * registerApiDocument as the operator's port will use it, on a bare Fastify app with the zod
 * type provider and error handler of app.ts and one zod route: its document, and its reference
 * page in Chromium, which must load nothing from another origin and break no rule of its CSP.
 */
describe('an API document with its reference page', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await registerApiDocument(app, OPERATOR_LIKE_DOCUMENT);
    documentScope(app, {
      security: [{ schluessel: [] }],
      answers: { '4XX': { description: 'Abgelehnt.', schema: ApiErrorSchema } },
    });
    app.get(
      '/aenderungen',
      {
        schema: {
          querystring: z.object({ nach: z.string().describe('Der Cursor der letzten Seite.') }),
          response: {
            200: z.object({ eintraege: z.array(z.object({ id: z.string() })), cursor: z.string() }),
          },
        },
      },
      (request) => ({ eintraege: [], cursor: request.query.nach }),
    );
    await app.listen({ port: PORT, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('documents the zod route, built once, and is valid OpenAPI 3.1', async () => {
    const first = await app.inject({ url: '/openapi.json' });
    const second = await app.inject({ url: '/openapi.json' });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    const document = first.json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    expect(Object.keys(document.paths).sort()).toEqual(['/aenderungen', '/openapi.json']);
    const operation = document.paths['/aenderungen']!['get']!;
    expect(operation['security']).toEqual([{ schluessel: [] }]);
    expect(operation['parameters']).toEqual([
      expect.objectContaining({ in: 'query', name: 'nach', required: true }),
    ]);
    expect(Object.keys(operation['responses'] as object).sort()).toEqual(['200', '4XX']);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
  });

  it('leads to the page from its bare path, and knows no other path below it', async () => {
    const bare = await app.inject({ url: '/referenz' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/referenz/');
    expect((await app.inject({ url: '/referenz/gibt-es-nicht' })).statusCode).toBe(404);
    const script = await app.inject({ url: '/referenz/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('shows the reference page from this origin alone, within its CSP', async () => {
    const page = await app.inject({ url: '/referenz/' });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/https?:|'unsafe-eval'/);
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'/);

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const requested: string[] = [];
      const problems: string[] = [];
      tab.on('request', (request) => requested.push(request.url()));
      // The browser's own /favicon.ico, which an API port does not have, is no problem of the page.
      tab.on('console', (message) => {
        const favicon = message.location().url.endsWith('/favicon.ico');
        if (message.type() === 'error' && !favicon) problems.push(message.text());
      });
      tab.on('pageerror', (error) => problems.push(error.message));
      await tab.goto(`${ORIGIN}/referenz/`);
      await tab.getByText('/aenderungen').first().waitFor();
      await tab.getByText('Der Cursor der letzten Seite.').first().waitFor({ state: 'attached' });
      const elsewhere = requested.filter(
        (url) => !url.startsWith(`${ORIGIN}/`) && !url.startsWith('data:'),
      );
      expect(elsewhere).toEqual([]);
      expect(requested).toContain(`${ORIGIN}/openapi.json`);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
