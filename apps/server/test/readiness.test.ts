/**
 * GET /api/ready: 200 while the instance should get traffic; 503 with a German reason while it
 * starts (the listener before the app), when its database does not answer, and after SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReadinessMessages } from '../src/modules/health/service';
import { listenWhileStarting } from '../src/starting-listener';
import { backends, startTestServer, type TestServer } from './harness';
import { killServerProcesses, startServerProcess } from './server-process';

describe.each(backends)('readiness on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  // The database was broken on purpose: closing it again may fail.
  afterAll(() => server?.close().catch(() => undefined));

  it('is ready while the database answers', async () => {
    const answer = await server.app.inject({ url: '/api/ready' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with the reason once the database does not answer', async () => {
    // The database goes away under the running app: PGlite closed, the pool ended.
    const client = (
      server.db as unknown as { $client: { close?(): Promise<void>; end?(): Promise<void> } }
    ).$client;
    await (client.end ? client.end() : client.close!());
    // The answer from before is reused for a second at most.
    await vi.waitFor(
      async () => {
        const answer = await server.app.inject({ url: '/api/ready' });
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual({ message: ReadinessMessages.database });
        expect(answer.headers['retry-after']).toBe('5');
      },
      { timeout: 5_000, interval: 100 },
    );
    expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(503);
  });

  it('answers 503 once shutdown began', async () => {
    server.app.readiness.stop();
    const answer = await server.app.inject({ url: '/api/ready' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: ReadinessMessages.stopping });
  });
});

describe('readiness of the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-ready-'));
  afterAll(() => {
    killServerProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 "startet gerade" on its port before the app listens, then hands it over', async () => {
    const starting = await listenWhileStarting(0, '127.0.0.1');
    for (const path of ['/api/ready', '/api/anschlussnutzer']) {
      const answer = await fetch(`http://127.0.0.1:${starting.port}${path}`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({ message: ReadinessMessages.starting });
    }
    const port = await starting.handOver();
    expect(port).toBe(starting.port);
    // Handed over: nothing listens there until the app does.
    await expect(fetch(`http://127.0.0.1:${port}/api/ready`)).rejects.toThrow();
  });

  it('is ready once listening and not ready after SIGTERM', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    server.signal('SIGTERM');
    await vi.waitFor(() => expect(server.output()).toContain('shutting down'), {
      timeout: 10_000,
      interval: 20,
    });
    // Not ready: 503 with the reason while it still listens, a refused connection after.
    const answer = await fetch(`${server.url}/api/ready`, {
      headers: { connection: 'close' },
    }).then(
      async (response) => ({ status: response.status, body: await response.json() }),
      (error: Error) => ({ status: 0, body: (error.cause as { code?: string }).code }),
    );
    console.info(`/api/ready after SIGTERM: ${answer.status || String(answer.body)}`);
    if (answer.status === 0) expect(answer.body).toBe('ECONNREFUSED');
    else expect(answer).toEqual({ status: 503, body: { message: ReadinessMessages.stopping } });
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
