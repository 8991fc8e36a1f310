import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { logDestination } from '../lib/log-lines';
import { AnswerLogController, requestForLog } from './request-log';

/** A server logging as the portal does, into `writes` (one entry per write call). */
function loggingServer(level = 'info') {
  const writes: string[] = [];
  const stream = { write: (text: string) => writes.push(text) };
  const app = Fastify({
    logger: { level, serializers: { req: requestForLog }, stream: logDestination(stream) },
    logController: new AnswerLogController(),
  });
  app.get('/api/zaehler', async () => ({ nummer: '1ESY1160512345' }));
  app.get('/api/kaputt', async () => {
    throw new Error('kaputt');
  });
  const lines = () =>
    writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { app, writes, lines };
}

describe('the access log', () => {
  it('writes one line per answer with the fields and order of pino’s own line, without the query', async () => {
    const { app, lines } = loggingServer();
    await app.inject({
      url: '/api/zaehler?iban=DE89370400440532013000',
      remoteAddress: '198.51.100.7',
    });
    await vi.waitFor(() => expect(lines()).toHaveLength(1));

    const pinoWrites: string[] = [];
    const reference = pino(
      { serializers: { req: requestForLog } },
      { write: (text: string) => pinoWrites.push(text) },
    ).child({ reqId: 'req-1' });
    reference.info(
      {
        req: { method: 'GET', url: '/api/zaehler?iban=DE89370400440532013000', ip: '198.51.100.7' },
        res: { statusCode: 200 },
        responseTime: 0.5,
      },
      'request completed',
    );
    const expected = JSON.parse(pinoWrites[0]!);
    const [line] = lines();
    expect(Object.keys(line)).toEqual(Object.keys(expected));
    expect({ ...line, time: 0, responseTime: 0 }).toEqual({
      ...expected,
      time: 0,
      responseTime: 0,
    });
    expect(line.req).toEqual({
      method: 'GET',
      path: '/api/zaehler',
      remoteAddress: '198.51.100.7',
    });
    expect(line.responseTime).toBeGreaterThan(0);
    expect(JSON.stringify(line)).not.toContain('DE89');
  });

  it('writes the lines of answers finished in one turn in one write, and each answer once', async () => {
    const { app, writes, lines } = loggingServer();
    await Promise.all(Array.from({ length: 20 }, () => app.inject({ url: '/api/zaehler' })));
    await vi.waitFor(() => expect(lines()).toHaveLength(20));
    expect(writes.length).toBeLessThan(20);
    expect(new Set(lines().map((line) => line.reqId)).size).toBe(20);
  });

  it('keeps the order of pino’s own lines and the answer lines', async () => {
    const { app, lines } = loggingServer();
    await app.inject({ url: '/api/zaehler' });
    await app.inject({ url: '/api/kaputt' });
    await vi.waitFor(() => expect(lines()).toHaveLength(3));
    expect(lines().map((line) => [line.msg, line.res?.statusCode])).toEqual([
      ['request completed', 200],
      ['kaputt', 500],
      ['request completed', 500],
    ]);
    expect(lines()[1]).toMatchObject({ level: 50, err: { message: 'kaputt' } });
  });

  it('writes no answer line above level info', async () => {
    const { app, writes } = loggingServer('warn');
    await app.inject({ url: '/api/zaehler' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([]);
  });
});
