import { sql } from 'drizzle-orm';
import { berlinDayOf } from '@kundenportal/contract';
import type { Executor } from './client';

/** German months: a partition holds hourly_consumption_YYYY_MM from its 1st, 00:00 in Berlin. */
function monthStarts(from: Date, to: Date): { name: string; start: string; end: string }[] {
  const [fromYear, fromMonth] = berlinDayOf(from).split('-').map(Number) as [number, number];
  const [toYear, toMonth] = berlinDayOf(to).split('-').map(Number) as [number, number];
  const months = [];
  for (let index = fromYear * 12 + fromMonth - 1; index <= toYear * 12 + toMonth - 1; index++) {
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const next = index + 1;
    const pad = (n: number) => String(n).padStart(2, '0');
    months.push({
      name: `hourly_consumption_${year}_${pad(month)}`,
      start: `${year}-${pad(month)}-01`,
      end: `${Math.floor(next / 12)}-${pad((next % 12) + 1)}-01`,
    });
  }
  return months;
}

/**
 * Creates the monthly partitions of hourly_consumption for every German month that [from, to]
 * touches (idempotent). Called before rows are written and on each start for the months ahead.
 */
export async function ensureHourlyPartitions(executor: Executor, from: Date, to: Date) {
  for (const month of monthStarts(from, to)) {
    await executor.execute(
      sql.raw(
        `create table if not exists "${month.name}" partition of "hourly_consumption" ` +
          `for values from ('${month.start} 00:00:00 Europe/Berlin') to ('${month.end} 00:00:00 Europe/Berlin')`,
      ),
    );
  }
}
