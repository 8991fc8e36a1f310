import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import koffi from 'koffi';
import { trackConnections } from './idle-connections';
import {
  fixMallocThresholds,
  fullCollection,
  giveBackWhenQuiet,
  MALLOC_THRESHOLD_BYTES,
  mallocTrim,
} from './idle-memory';

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

describe('the real collection and trim', () => {
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

  it("finds glibc's malloc_trim where the process runs on glibc", () => {
    const trim = mallocTrim();
    expect(trim !== undefined).toBe(glibcVersion() !== undefined);
    trim?.();
  });

  describe.runIf(glibcVersion() !== undefined)('with glibc', () => {
    const libc = koffi.load('libc.so.6');
    const malloc = libc.func('void *malloc(size_t size)') as (size: number) => unknown;
    const free = libc.func('void free(void *pointer)') as (pointer: unknown) => void;
    // mallinfo2's hblkhd: the bytes in blocks mapped of their own.
    const MallInfo = koffi.struct({
      arena: 'size_t',
      ordblks: 'size_t',
      smblks: 'size_t',
      hblks: 'size_t',
      hblkhd: 'size_t',
      usmblks: 'size_t',
      fsmblks: 'size_t',
      uordblks: 'size_t',
      fordblks: 'size_t',
      keepcost: 'size_t',
    });
    const mallinfo = libc.func('mallinfo2', MallInfo, []) as () => { hblkhd: number | bigint };
    const mappedBytes = () => Number(mallinfo().hblkhd);
    /** Whether a block of this size, allocated now, is mapped of its own (and so unmapped when freed). */
    const mappedOfItsOwn = (size: number) => {
      const before = mappedBytes();
      const block = malloc(size);
      const mapped = mappedBytes() - before >= size;
      free(block);
      return mapped;
    };

    it('keeps large blocks mapped of their own after a larger one was freed', () => {
      expect(fixMallocThresholds()).toBe(true);
      // Without fixed thresholds, freeing the 8 MiB block raised the mmap threshold above it,
      // and the next blocks of 2 and 8 MiB came from an arena that keeps them after free.
      expect(mappedOfItsOwn(8 * MIB)).toBe(true);
      expect(mappedOfItsOwn(2 * MIB)).toBe(true);
      expect(mappedOfItsOwn(8 * MIB)).toBe(true);
      expect(mappedOfItsOwn(MALLOC_THRESHOLD_BYTES / 4)).toBe(false);
    });
  });
});

function glibcVersion() {
  const { header } = process.report.getReport() as { header: { glibcVersionRuntime?: string } };
  return header.glibcVersionRuntime;
}
