import { describe, expect, it } from 'vitest';
import { startOfBerlinDay } from '@kundenportal/contract';
import { createFinishedSums, type PricedConsumption } from './finished-sums';

const now = new Date('2026-11-26T12:30:00Z');
const today = startOfBerlinDay('2026-11-26');
const yearAgo = startOfBerlinDay('2025-11-26');

/** A load that answers 1 kWh at 0.25 EUR per hour of its window and notes each window. */
function hourlyLoad() {
  const windows: [string, string][] = [];
  const load = async (from: Date, to: Date): Promise<PricedConsumption> => {
    windows.push([from.toISOString(), to.toISOString()]);
    const hours = (to.getTime() - from.getTime()) / 3_600_000;
    return { kosten: hours * 0.25, verbrauch: hours };
  };
  return { windows, load };
}

describe('the finished sums of a dynamic tariff', () => {
  it('reads the days that are over once, and today’s hours every time', async () => {
    const sums = createFinishedSums();
    const { windows, load } = hourlyLoad();
    const first = await sums.read(1, yearAgo, now, now, load);
    const second = await sums.read(1, yearAgo, now, now, load);
    expect(second).toEqual(first);
    expect(first.verbrauch).toBeCloseTo((now.getTime() - yearAgo.getTime()) / 3_600_000, 9);
    expect(windows).toEqual([
      [yearAgo.toISOString(), today.toISOString()],
      [today.toISOString(), now.toISOString()],
      [today.toISOString(), now.toISOString()],
    ]);
    expect(sums.servedFromMemory()).toBe(1);
  });

  it('forgets a contract’s sums when its consumption changes, all of them when the prices do', async () => {
    const sums = createFinishedSums();
    const { windows, load } = hourlyLoad();
    const lastMonth = [startOfBerlinDay('2026-10-01'), startOfBerlinDay('2026-11-01')] as const;
    await sums.read(1, ...lastMonth, now, load);
    await sums.read(2, ...lastMonth, now, load);
    sums.forget({ art: 'verbrauch', contractId: 1, from: 0, to: 1 });
    await sums.read(1, ...lastMonth, now, load);
    await sums.read(2, ...lastMonth, now, load);
    expect(windows).toHaveLength(3);
    sums.forget({ art: 'preise', from: 0, to: 1 });
    await sums.read(2, ...lastMonth, now, load);
    expect(windows).toHaveLength(4);
  });

  it('keeps nothing of a read that a change overtook', async () => {
    const sums = createFinishedSums();
    const { windows, load } = hourlyLoad();
    const lastMonth = [startOfBerlinDay('2026-10-01'), startOfBerlinDay('2026-11-01')] as const;
    await sums.read(1, ...lastMonth, now, async (from, to) => {
      sums.forget({ art: 'preise', from: 0, to: 1 });
      return load(from, to);
    });
    await sums.read(1, ...lastMonth, now, load);
    expect(windows).toHaveLength(2);
    expect(sums.servedFromMemory()).toBe(0);
  });
});
