import { afterAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { registerApiDocument } from '../src/lib/openapi';
import { registerErrorHandler } from '../src/plugins/error-handler';
import { OPERATOR_LIKE_DOCUMENT } from './openapi-answers';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@scalar/fastify-api-reference', async (importOriginal) => {
  loads.count++;
  if (loads.count === 1) throw new Error('Datei während des Deployments ersetzt');
  return importOriginal();
});

/** The reference page's plugin is loaded on the first ask; a load that failed is tried again. */
describe('the API reference page after a failed load', () => {
  const app = Fastify();
  afterAll(() => app.close());

  it('answers 500 once, then the page', async () => {
    registerErrorHandler(app);
    await registerApiDocument(app, OPERATOR_LIKE_DOCUMENT);
    await app.ready();
    const failed = await app.inject({ url: '/referenz' });
    expect(failed.statusCode).toBe(500);
    const page = await app.inject({ url: '/referenz/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(loads.count).toBe(2);
  });
});
