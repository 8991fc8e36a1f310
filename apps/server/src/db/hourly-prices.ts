import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { at } from './sql';

/** Recomputes the hourly exchange prices of [from, to) from the market's intervals. */
export async function refreshHourlyPrices(executor: Executor, from: Date, to: Date) {
  await executor.execute(sql`
    insert into hourly_exchange_prices (von, preis)
    select date_trunc('hour', von), avg(preis) from exchange_prices
     where von >= ${at(from)} and von < ${at(to)}
     group by 1
    on conflict (von) do update set preis = excluded.preis`);
}
