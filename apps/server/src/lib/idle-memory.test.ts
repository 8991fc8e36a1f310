import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackConnections } from './idle-connections';
import { fullCollection, giveBackWhenQuiet } from './idle-memory';

const MIB = 2 ** 20;

describe('giving memory back once the requests are over', () => {
  let clock: number;
  let held: number;
  let givenBack: number;
  let heldOpen: ServerResponse[];
  const server = createServer((_request, response) => heldOpen.push(response));

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    clock = 0;
    held = 100 * MIB;
    givenBack = 0;
    heldOpen = [];
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const response of heldOpen) response.end();
    await new Promise((resolve) => server.close(resolve));
  });

  const watch = () =>
    giveBackWhenQuiet([trackConnections(server, () => clock).activity], {
      now: () => clock,
      heldBytes: () => held,
      giveBack: () => {
        givenBack++;
        held = 80 * MIB;
      },
    });
  const pass = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  /** A request the server holds open until its answer is ended. */
  const request = async () => {
    const answered = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await vi.waitFor(() => expect(heldOpen.length).toBeGreaterThan(0));
    return { answered, response: heldOpen.at(-1)! };
  };

  it('gives back once after two quiet seconds when the heap grew by 32 MiB, and not again until it grows', () => {
    const watching = watch();
    held += 32 * MIB;
    pass(1_500);
    expect(givenBack).toBe(0);
    pass(500);
    expect(givenBack).toBe(1);
    pass(10_000);
    expect(givenBack).toBe(1);
    held += 31 * MIB;
    pass(10_000);
    expect(givenBack).toBe(1);
    held += 1 * MIB;
    pass(500);
    expect(givenBack).toBe(2);
    watching.stop();
  });

  it('waits while a request runs, and for two seconds after its answer', async () => {
    const watching = watch();
    held += 64 * MIB;
    const { answered, response } = await request();
    pass(5_000);
    expect(givenBack).toBe(0);
    response.end('ok');
    await answered;
    if (!response.closed) await new Promise((resolve) => response.once('close', resolve));
    pass(1_500);
    expect(givenBack).toBe(0);
    pass(500);
    expect(givenBack).toBe(1);
    watching.stop();
  });

  it('stops looking when told', () => {
    const watching = watch();
    watching.stop();
    held += 64 * MIB;
    pass(10_000);
    expect(givenBack).toBe(0);
  });
});

describe('the real collection', () => {
  it('frees the garbage of the heap', () => {
    const collect = fullCollection();
    collect();
    const before = getHeapStatistics().used_heap_size;
    const allocated = (() => {
      const garbage = Array.from({ length: 200 }, () => new Array<number>(50_000).fill(1.5));
      const grown = getHeapStatistics().used_heap_size - before;
      expect(garbage).toHaveLength(200);
      return grown;
    })();
    expect(allocated).toBeGreaterThan(40 * MIB);
    collect();
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(8 * MIB);
  });
});
