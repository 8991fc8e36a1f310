import type { Executor } from './client';

interface Prepared<R> {
  execute(values: Record<string, unknown>): Promise<R>;
}

/**
 * A query built once per database and then only run: for the reads of every authenticated call.
 * Building a Drizzle query cost more than PostgreSQL's answer to it (a quarter of the server's
 * time under load, profiled), and a named statement spares PostgreSQL parsing it each time.
 * Values go in through `sql.placeholder(name)`. A transaction builds its own on first use.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  name: string,
  build: (executor: Executor, name: string) => Prepared<R>,
): (executor: Executor, values: V) => Promise<R> {
  const built = new WeakMap<Executor, Prepared<R>>();
  return (executor, values) => {
    let query = built.get(executor);
    if (!query) {
      query = build(executor, name);
      built.set(executor, query);
    }
    return query.execute(values);
  };
}
