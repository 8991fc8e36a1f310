import { statfs } from 'node:fs/promises';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Registry,
  type Metric,
  type MetricValueWithName,
} from 'prom-client';
import type { DatabaseLoad } from '../db/client';

/** What a login ended in: the password was right (ok, 700, 702), wrong, or not even checked. */
export type LoginResult =
  'ok' | 'must_change_password' | 'no_portal_access' | 'wrong_password' | 'throttled';

/** What the metrics read when they are scraped, not on every request. */
export interface MetricSources {
  database: () => DatabaseLoad | undefined;
  finishedMonths: () => { hits: number; misses: number; bytes: number; months: number };
  unsentMails: () => Promise<{ count: number; oldestSeconds: number }>;
  /** Where the data lives (DATA_DIR): its file system's free space is watched. */
  dataDir?: string;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A route that no route pattern matched: one label value for all of them. */
const UNKNOWN_ROUTE = 'unknown';
/** Free space changes slowly; a scrape more often than this reuses the last answer. */
const DISK_CACHE_MS = 10_000;

/**
 * The process's own metrics (event loop delay, memory, garbage collection, handles): one set per
 * process, however many apps it builds (the tests build hundreds), started at the first scrape.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The server's metrics in the Prometheus text format (prom-client). Per request only a
 * histogram's observation of a cached label set; everything else is read when scraped.
 */
export function createMetrics() {
  const registry = new Registry();
  const requests = createRequestHistogram();
  registry.registerMetric(requests.metric);
  const logins = new Counter({
    name: 'kundenportal_logins_total',
    help: 'Logins by outcome (ok, must_change_password = 700, no_portal_access = 702, wrong_password, throttled).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  let refresh = async () => {};

  return {
    contentType: registry.contentType,

    observeRequest: requests.observe,

    countLogin(outcome: LoginResult) {
      logins.inc({ outcome });
    },

    /** Registers the metrics read at scrape time; called once, when the sources exist. */
    watch(sources: MetricSources) {
      refresh = watchSources(registry, sources);
    },

    async render(): Promise<string> {
      await refresh();
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${own}\n${process}`;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Registers the metrics read from the sources; returns what to await before each scrape. */
function watchSources(registry: Registry, sources: MetricSources): () => Promise<void> {
  const registers = [registry];
  new Gauge({
    name: 'kundenportal_db_connections',
    help: 'PostgreSQL pool connections by state (open, idle); absent on the embedded database.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const connections = sources.database()?.connections;
      if (!connections) return;
      this.set({ state: 'open' }, connections.open);
      this.set({ state: 'idle' }, connections.idle);
    },
  });
  new Gauge({
    name: 'kundenportal_db_waiting',
    help: 'Queries waiting: for a pooled connection (PostgreSQL) or for their turn (embedded).',
    registers,
    collect() {
      this.set(sources.database()?.waiting ?? 0);
    },
  });

  // Counters that the history keeps itself: read, not counted twice.
  const finishedReads = new Counter({
    name: 'kundenportal_finished_months_reads_total',
    help: 'Reads of finished history months: hit = from memory, miss = from the database.',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const stats = sources.finishedMonths();
      finishedReads.reset();
      finishedReads.inc({ result: 'hit' }, stats.hits);
      finishedReads.inc({ result: 'miss' }, stats.misses);
    },
  });
  new Gauge({
    name: 'kundenportal_finished_months_bytes',
    help: 'Bytes of history texts of finished months kept in memory.',
    registers,
    collect() {
      this.set(sources.finishedMonths().bytes);
    },
  });
  new Gauge({
    name: 'kundenportal_finished_months_kept',
    help: 'Finished contract months kept in memory.',
    registers,
    collect() {
      this.set(sources.finishedMonths().months);
    },
  });

  // Read once per scrape (refresh), before the registry collects: one query for both.
  let mails: { count: number; oldestSeconds: number } | undefined;
  // A database that does not answer: NaN, "unknown", never a reassuring 0.
  new Gauge({
    name: 'kundenportal_mail_unsent',
    help: 'Mails in the outbox not sent yet (NaN: the database did not answer).',
    registers,
    collect() {
      this.set(mails?.count ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'kundenportal_mail_oldest_unsent_seconds',
    help: 'Age of the oldest mail not sent yet; 0 when all are sent (NaN: the database did not answer).',
    registers,
    collect() {
      this.set(mails?.oldestSeconds ?? Number.NaN);
    },
  });
  const refreshMails = async () => {
    mails = await sources.unsentMails().catch(() => undefined);
  };

  const { dataDir } = sources;
  if (!dataDir) return refreshMails;
  let disk: { at: number; free: Promise<number | undefined> } | undefined;
  new Gauge({
    name: 'kundenportal_data_dir_free_bytes',
    help: 'Free bytes (for unprivileged users) on the file system of DATA_DIR.',
    registers,
    async collect() {
      if (!disk || Date.now() - disk.at > DISK_CACHE_MS) {
        const free = statfs(dataDir).then(
          (stats) => stats.bavail * stats.bsize,
          () => undefined,
        );
        disk = { at: Date.now(), free };
      }
      this.set((await disk.free) ?? Number.NaN);
    },
  });
  return refreshMails;
}

interface RequestSeries {
  labels: { route: string; method: string; status: string };
  /** Requests per bucket (not cumulative); the last is +Inf. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request histogram, kept as plain numbers per label set and turned into prom-client's
 * histogram form when scraped: prom-client's own Histogram hashes the labels on every
 * observation (about 1 µs, a few per cent of the hottest call's whole cost); this costs a map
 * lookup and three additions.
 */
function createRequestHistogram() {
  const name = 'kundenportal_http_request_duration_seconds';
  const series = new Map<string, RequestSeries>();
  const metric = {
    name,
    help: 'Requests by route pattern, method and status class, and how long they took.',
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: MetricValueWithName<string>[] = [];
      for (const { labels, buckets, sum, count } of series.values()) {
        let cumulative = 0;
        REQUEST_BUCKETS.forEach((le, index) => {
          cumulative += buckets[index]!;
          values.push({
            metricName: `${name}_bucket`,
            labels: { ...labels, le },
            value: cumulative,
          });
        });
        values.push({
          metricName: `${name}_bucket`,
          labels: { ...labels, le: '+Inf' },
          value: count,
        });
        values.push({ metricName: `${name}_sum`, labels, value: sum });
        values.push({ metricName: `${name}_count`, labels, value: count });
      }
      return { name, help: metric.help, type: 'histogram', aggregator: 'sum', values };
    },
  };
  return {
    metric: metric as unknown as Metric,
    observe(this: void, route: string | undefined, method: string, statusCode: number, ms: number) {
      const status = `${Math.trunc(statusCode / 100)}xx`;
      const key = `${method} ${status} ${route ?? ''}`;
      let found = series.get(key);
      if (!found) {
        found = {
          labels: { route: route ?? UNKNOWN_ROUTE, method, status },
          buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
          sum: 0,
          count: 0,
        };
        series.set(key, found);
      }
      const seconds = ms / 1000;
      let index = 0;
      while (index < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[index]!) index++;
      found.buckets[index]!++;
      found.sum += seconds;
      found.count++;
    },
  };
}
