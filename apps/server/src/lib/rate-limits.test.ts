import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emptyDatabase } from '../../test/rows';
import { throttleCounters } from '../db/schema/index';
import {
  charge,
  clearCounter,
  deleteClosedWindows,
  isExhausted,
  uncharge,
  type RateLimit,
} from './rate-limits';

const T0 = new Date('2025-06-15T10:00:00Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const THREE_PER_MINUTE: RateLimit = { windowSeconds: 60, max: 3 };

describe('throttles counted in the database', () => {
  let handle: Awaited<ReturnType<typeof emptyDatabase>>;
  let n = 0;
  /** A key no other test uses. */
  const key = () => `test:${++n}`;
  const count = async (name: string) => {
    const [row] = await handle.db
      .select()
      .from(throttleCounters)
      .where(eq(throttleCounters.key, name));
    return row;
  };

  beforeAll(async () => {
    handle = await emptyDatabase();
  });
  afterAll(() => handle.close());

  it('lets `max` through in a window, refuses the next and does not count it', async () => {
    const one = { key: key(), limit: THREE_PER_MINUTE };
    for (let i = 0; i < 3; i++) expect(await charge(handle.db, [one], later(i))).toBeUndefined();
    expect(await count(one.key)).toEqual({
      key: one.key,
      windowStart: T0,
      windowSeconds: 60,
      failures: 3,
    });
    expect(await charge(handle.db, [one], later(10))).toBe(one);
    expect((await count(one.key))!.failures).toBe(3);
  });

  it('opens a new window once the first has lasted its seconds', async () => {
    const one = { key: key(), limit: THREE_PER_MINUTE };
    for (let i = 0; i < 3; i++) await charge(handle.db, [one], T0);
    expect(await charge(handle.db, [one], later(59.999))).toBe(one);
    expect(await charge(handle.db, [one], later(60))).toBeUndefined();
    expect(await count(one.key)).toMatchObject({ windowStart: later(60), failures: 1 });
  });

  it('counts amounts (bytes), refusing the charge that would pass the limit', async () => {
    const bytes = { key: key(), limit: { windowSeconds: 3600, max: 1000 } };
    expect(await charge(handle.db, [{ ...bytes, amount: 600 }], T0)).toBeUndefined();
    expect(await charge(handle.db, [{ ...bytes, amount: 400 }], T0)).toBeUndefined();
    const more = { ...bytes, amount: 1 };
    expect(await charge(handle.db, [more], T0)).toBe(more);
    expect((await count(bytes.key))!.failures).toBe(1000);
    expect(await charge(handle.db, [{ ...bytes, amount: 700 }], later(3600))).toBeUndefined();
    expect((await count(bytes.key))!.failures).toBe(700);
  });

  it('answers the first limit passed and counts none of the charges then', async () => {
    const wide = { key: key(), limit: { windowSeconds: 60, max: 10 } };
    const narrow = { key: key(), limit: { windowSeconds: 60, max: 1 } };
    expect(await charge(handle.db, [wide, narrow], T0)).toBeUndefined();
    expect(await charge(handle.db, [wide, narrow], T0)).toBe(narrow);
    expect((await count(wide.key))!.failures).toBe(1);
    expect((await count(narrow.key))!.failures).toBe(1);
  });

  it('takes charges back, never below nothing', async () => {
    const one = { key: key(), limit: THREE_PER_MINUTE };
    const other = { key: key(), limit: THREE_PER_MINUTE, amount: 2 };
    await charge(handle.db, [one, other], T0);
    await charge(handle.db, [one], T0);
    await uncharge(handle.db, [one]);
    expect((await count(one.key))!.failures).toBe(1);
    expect((await count(other.key))!.failures).toBe(2);
    await uncharge(handle.db, [one, other, other]);
    expect((await count(one.key))!.failures).toBe(0);
    expect((await count(other.key))!.failures).toBe(0);
  });

  it('tells a full open window without counting, and clears a key', async () => {
    const one = { key: key(), limit: THREE_PER_MINUTE };
    expect(await isExhausted(handle.db, one.key, one.limit, T0)).toBe(false);
    await charge(handle.db, [one, one], T0);
    expect(await isExhausted(handle.db, one.key, one.limit, T0)).toBe(false);
    await charge(handle.db, [one], T0);
    expect(await isExhausted(handle.db, one.key, one.limit, later(59))).toBe(true);
    expect(await isExhausted(handle.db, one.key, one.limit, later(60))).toBe(false);
    expect((await count(one.key))!.failures).toBe(3);
    await clearCounter(handle.db, one.key);
    expect(await count(one.key)).toBeUndefined();
    expect(await isExhausted(handle.db, one.key, one.limit, T0)).toBe(false);
  });

  it('deletes the closed windows only', async () => {
    const closing = { key: key(), limit: { windowSeconds: 60, max: 5 } };
    const open = { key: key(), limit: { windowSeconds: 61, max: 5 } };
    await charge(handle.db, [closing, open], T0);
    await deleteClosedWindows(handle.db, later(60));
    expect(await count(closing.key)).toBeUndefined();
    expect(await count(open.key)).toBeDefined();
  });
});
