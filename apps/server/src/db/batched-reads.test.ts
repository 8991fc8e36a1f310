import { describe, expect, it, vi } from 'vitest';
import { batchedByKey } from './batched-reads';

interface Row {
  key: string;
  value: number;
}

function countingReads(rows: Row[]) {
  const queries: string[][] = [];
  const read = batchedByKey(
    async (keys: string[]) => {
      queries.push(keys);
      return rows.filter((row) => keys.includes(row.key));
    },
    (row) => row.key,
  );
  return { read, queries };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedByKey', () => {
  const rows = [
    { key: 'a', value: 1 },
    { key: 'b', value: 2 },
    { key: 'c', value: 3 },
  ];

  it('answers the keys asked in one turn with one read, each with its own row', async () => {
    const { read, queries } = countingReads(rows);
    const answers = await Promise.all(['c', 'a', 'x', 'a', 'b'].map((key) => read(key)));
    expect(answers).toEqual([rows[2], rows[0], undefined, rows[0], rows[1]]);
    expect(queries).toEqual([['c', 'a', 'x', 'b']]);
  });

  it('reads again in a later turn, keeping nothing', async () => {
    const { read, queries } = countingReads(rows);
    expect(await read('a')).toEqual(rows[0]);
    await nextTurn();
    expect(await read('a')).toEqual(rows[0]);
    expect(queries).toEqual([['a'], ['a']]);
  });

  it('joins keys asked from callbacks of the same turn, as requests from several sockets are', async () => {
    const { read, queries } = countingReads(rows);
    // Immediates queued together run in one phase of one turn, as the reads of several sockets
    // do. Two timers of 0 ms did not always: one started a millisecond after the other may come
    // due a turn later on a busy machine (CI saw [['a'], ['b']] once).
    const answers = await new Promise<(Row | undefined)[]>((resolve) => {
      const pending: Promise<Row | undefined>[] = [];
      const ask = (key: string) => () => pending.push(read(key));
      setImmediate(ask('a'));
      setImmediate(ask('b'));
      setImmediate(() => resolve(Promise.all(pending)));
    });
    expect(answers).toEqual([rows[0], rows[1]]);
    expect(queries).toEqual([['a', 'b']]);
  });

  it('lets the keys asked while a read is on its way wait for it, then reads them together', async () => {
    const answered: ((rows: Row[]) => void)[] = [];
    const queries: string[][] = [];
    const read = batchedByKey(
      (keys: string[]) => {
        queries.push(keys);
        return new Promise<Row[]>((resolve) => answered.push(resolve));
      },
      (row) => row.key,
    );
    const first = read('a');
    await nextTurn();
    expect(queries).toEqual([['a']]);
    const later = [read('b'), new Promise((resolve) => setImmediate(() => resolve(read('c'))))];
    await nextTurn();
    await nextTurn();
    // The first read has not answered: no second query goes out meanwhile.
    expect(queries).toEqual([['a']]);
    answered[0]!([rows[0]!]);
    expect(await first).toEqual(rows[0]);
    await vi.waitFor(() => expect(queries).toEqual([['a'], ['b', 'c']]));
    answered[1]!([rows[1]!, rows[2]!]);
    expect(await Promise.all(later)).toEqual([rows[1], rows[2]]);
  });

  it('fails every request of a read that fails', async () => {
    const read = batchedByKey(
      async (): Promise<Row[]> => {
        throw new Error('Verbindung verloren');
      },
      (row) => row.key,
    );
    const answers = await Promise.allSettled([read('a'), read('b')]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});
