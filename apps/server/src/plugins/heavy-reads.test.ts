import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpError } from '../lib/http-error';
import { createHeavyReadLimit, TOO_MANY_HEAVY_READS_MESSAGE } from './heavy-reads';

/** A route behind the limit whose answers wait for the test while `hold` is asked. */
async function appWithHeldReads() {
  const app = Fastify({ forceCloseConnections: true });
  app.setErrorHandler((error: HttpError, _request, reply) =>
    reply.code(error.statusCode).send({ message: error.message }),
  );
  app.decorateRequest('session', null);
  const held: (() => void)[] = [];
  const waiters: (() => void)[] = [];
  /** Session reads held by the test, and the requests whose client went away meanwhile. */
  const sessionsHeld: (() => void)[] = [];
  let gone = 0;
  app.addHook('onRequest', async (request) => {
    const token = request.headers['token'];
    if (request.headers['slow-session']) {
      request.raw.socket.once('close', () => {
        gone++;
        waiters.splice(0).forEach((wake) => wake());
      });
      await new Promise<void>((resolve) => sessionsHeld.push(resolve));
    }
    request.session = { tokenHash: String(token) } as never;
  });
  const limit = createHeavyReadLimit();
  app.get<{ Querystring: { hold?: string } }>(
    '/historie',
    { onRequest: limit },
    async (request) => {
      if (request.query.hold) {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          waiters.splice(0).forEach((wake) => wake());
        });
      }
      return { ok: true };
    },
  );
  const heldCount = async (count: number) => {
    while (held.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  const goneCount = async (count: number) => {
    while (gone < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { app, held, heldCount, sessionsHeld, goneCount };
}

describe('heavy reads per session', () => {
  let setup: Awaited<ReturnType<typeof appWithHeldReads>>;
  let url: string;
  beforeAll(async () => {
    setup = await appWithHeldReads();
    await setup.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}/historie`;
  });
  afterAll(() => setup.app.close());

  const read = (token: string, hold = false, signal?: AbortSignal, slowSession = false) =>
    fetch(`${url}${hold ? '?hold=1' : ''}`, {
      headers: { token, ...(slowSession && { 'slow-session': '1' }) },
      signal,
    });

  it('answers a third read 429 while two of the session are computed, others go on', async () => {
    const first = read('a', true);
    const second = read('a', true);
    await setup.heldCount(2);
    const third = await read('a');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ message: TOO_MANY_HEAVY_READS_MESSAGE });
    // Another session is not held up by this one.
    expect((await read('b')).status).toBe(200);
    setup.held.splice(0).forEach((release) => release());
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await read('a')).status).toBe(200);
  });

  it('frees the place of a read whose client went away', async () => {
    const aborts = [new AbortController(), new AbortController()];
    const pending = aborts.map((abort) => read('c', true, abort.signal).catch(() => undefined));
    await setup.heldCount(2);
    expect((await read('c')).status).toBe(429);
    aborts.forEach((abort) => abort.abort());
    await Promise.all(pending);
    await expect.poll(async () => (await read('c')).status).toBe(200);
    setup.held.splice(0).forEach((release) => release());
  });

  it('does not count a read whose client went away before its turn came', async () => {
    const aborts = [new AbortController(), new AbortController()];
    const pending = aborts.map((abort) =>
      read('d', true, abort.signal, true).catch(() => undefined),
    );
    // Both wait for their session while their clients go: their answers are closed already.
    await expect.poll(() => setup.sessionsHeld.length).toBe(2);
    aborts.forEach((abort) => abort.abort());
    await Promise.all(pending);
    await setup.goneCount(2);
    setup.sessionsHeld.splice(0).forEach((release) => release());
    expect((await read('d')).status).toBe(200);
    setup.held.splice(0).forEach((release) => release());
  });
});
