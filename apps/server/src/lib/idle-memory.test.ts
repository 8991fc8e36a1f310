import { execFileSync } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackConnections } from './idle-connections';
import { fullCollection, giveBackWhenQuiet, mallocTrim } from './idle-memory';

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

  it.runIf(glibcVersion() !== undefined)(
    'keeps large blocks mapped of their own after a larger one was freed',
    () => {
      // In a process of its own: in this one, the other test files' threads leave free blocks
      // in the arena, which malloc hands out before it maps any.
      const blocks = JSON.parse(
        execFileSync(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', MAPPED_BLOCKS_SCRIPT],
          { encoding: 'utf8' },
        ),
      ) as { fixed: boolean; mapped: Record<string, boolean> };
      expect(blocks).toEqual({
        fixed: true,
        // Without fixed thresholds, freeing the 8 MiB block raised the mmap threshold above it,
        // and the next blocks of 2 and 8 MiB came from an arena that keeps them after free.
        mapped: { '8 MiB': true, '2 MiB': true, '8 MiB again': true, '256 KiB': false },
      });
    },
  );
});

/**
 * Whether blocks allocated one after the other are mapped of their own (and so unmapped when
 * freed), after fixMallocThresholds: glibc gives such a block the rest of its last page (4,080
 * bytes more than asked for a block of whole pages), a block from an arena at most 24.
 */
const MAPPED_BLOCKS_SCRIPT = `
  import koffi from 'koffi';
  import { fixMallocThresholds } from ${JSON.stringify(new URL('./idle-memory.ts', import.meta.url).href)};
  const libc = koffi.load('libc.so.6');
  const malloc = libc.func('void *malloc(size_t size)');
  const free = libc.func('void free(void *pointer)');
  const usableSize = libc.func('size_t malloc_usable_size(void *pointer)');
  const mappedOfItsOwn = (size) => {
    const block = malloc(size);
    const spare = Number(usableSize(block)) - size;
    free(block);
    return spare > 1024;
  };
  const fixed = fixMallocThresholds();
  const MIB = 2 ** 20;
  const mapped = {};
  for (const [name, size] of [['8 MiB', 8 * MIB], ['2 MiB', 2 * MIB], ['8 MiB again', 8 * MIB], ['256 KiB', MIB / 4]])
    mapped[name] = mappedOfItsOwn(size);
  console.log(JSON.stringify({ fixed, mapped }));
`;

function glibcVersion() {
  const { header } = process.report.getReport() as { header: { glibcVersionRuntime?: string } };
  return header.glibcVersionRuntime;
}
