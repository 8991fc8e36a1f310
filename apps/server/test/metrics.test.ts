/**
 * GET /metrics: the Prometheus text format, requests by route pattern, logins by outcome, the
 * finished-month memory, the outbox; on the customers' port only from this machine, on the
 * operator port behind the key and without an audit row per scrape.
 */
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAudit } from '../src/db/schema/index';
import type { OperatorApp } from '../src/operator-app';
import {
  backends,
  login,
  operatorBearer,
  sessionHeaders,
  startOperatorApp,
  startTestServer,
  type TestServer,
} from './harness';

const CONTRACT = 5000001;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format, line by line: a line that is neither a comment nor a sample fails. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  const line = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/;
  for (const row of text.split('\n')) {
    if (row === '' || row.startsWith('# HELP ') || row.startsWith('# TYPE ')) continue;
    const match = line.exec(row);
    expect(match, `a sample line: ${row}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match![2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match![1]!, labels, value: Number(match![3]) });
  }
  return samples;
}

/** The sum of the samples of that name whose labels include these. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

describe.each(backends)('metrics on %s', (backend) => {
  let server: TestServer;
  let operator: OperatorApp;

  const scrape = async () => {
    const answer = await server.app.inject({ url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(answer.body);
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { dataDir: tmpdir() });
    operator = await startOperatorApp(server);
  });
  afterAll(async () => {
    await operator?.close();
    await server?.close();
  });

  it('answers the text format with the process, database and outbox metrics', async () => {
    const samples = await scrape();
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'kundenportal_db_waiting',
      'kundenportal_mail_unsent',
      'kundenportal_mail_oldest_unsent_seconds',
      'kundenportal_finished_months_bytes',
      'kundenportal_data_dir_free_bytes',
    ])
      expect(names, name).toContain(name);
    if (backend === 'postgres')
      expect(valueOf(samples, 'kundenportal_db_connections', { state: 'open' })).toBeGreaterThan(0);
    else expect(names).not.toContain('kundenportal_db_connections');
    expect(valueOf(samples, 'kundenportal_data_dir_free_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by route pattern, never by the URL with its ids', async () => {
    const max = await sessionHeaders(server.app);
    const count = (samples: Sample[]) =>
      valueOf(samples, 'kundenportal_http_request_duration_seconds_count', {
        route: '/api/vertrag/:id/zaehler',
        method: 'GET',
        status: '2xx',
      });
    const before = count(await scrape());
    for (let i = 0; i < 3; i++) {
      const answer = await server.app.inject({
        url: `/api/vertrag/${CONTRACT}/zaehler`,
        headers: max,
      });
      expect(answer.statusCode).toBe(200);
    }
    await server.app.inject({ url: '/api/gibt-es-nicht/12345' });
    const samples = await scrape();
    expect(count(samples)).toBe(before + 3);
    const routes = new Set(
      samples
        .filter((sample) => sample.name.startsWith('kundenportal_http_request_duration_seconds'))
        .map((sample) => sample.labels['route']),
    );
    expect(routes).toContain('unknown');
    for (const route of routes) expect(route).not.toMatch(/\d{4}/);
    expect(
      valueOf(samples, 'kundenportal_http_request_duration_seconds_bucket', {
        route: '/api/vertrag/:id/zaehler',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(3);
  });

  it('counts logins by outcome: ok, 700, wrong password, throttled', async () => {
    const logins = (samples: Sample[], outcome: string) =>
      valueOf(samples, 'kundenportal_logins_total', { outcome });
    const before = await scrape();
    expect((await login(server.app, '10002', 'Demo-2026!')).response.statusCode).toBe(200);
    expect((await login(server.app, '10003', 'Start-2026!')).response.statusCode).toBe(700);
    // One address guessing one number until it is stopped.
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++)
      statuses.push(
        (await login(server.app, '10004', `Falsch-${i}`, '10.9.9.9')).response.statusCode,
      );
    expect(statuses).toContain(401);
    expect(statuses.at(-1)).toBe(429);
    const after = await scrape();
    expect(logins(after, 'ok')).toBe(logins(before, 'ok') + 1);
    expect(logins(after, 'must_change_password')).toBe(logins(before, 'must_change_password') + 1);
    expect(logins(after, 'wrong_password')).toBe(
      logins(before, 'wrong_password') + statuses.filter((status) => status === 401).length,
    );
    expect(logins(after, 'throttled')).toBe(logins(before, 'throttled') + 1);
  });

  it('counts a hit of the finished-month memory on the second read of a history', async () => {
    const max = await sessionHeaders(server.app);
    const to = new Date();
    const from = new Date(to.getTime() - 62 * 86_400_000);
    const url = `/api/vertrag/${CONTRACT}/historie?von=${from.toISOString()}&bis=${to.toISOString()}&interval=hourly`;
    const hits = (samples: Sample[]) =>
      valueOf(samples, 'kundenportal_finished_months_reads_total', { result: 'hit' });
    expect((await server.app.inject({ url, headers: max })).statusCode).toBe(200);
    const first = await scrape();
    expect(valueOf(first, 'kundenportal_finished_months_bytes')).toBeGreaterThan(0);
    expect((await server.app.inject({ url, headers: max })).statusCode).toBe(200);
    expect(hits(await scrape())).toBeGreaterThan(hits(first));
  });

  it('shows the age of the oldest unsent mail', async () => {
    await server.db.execute(
      sql`insert into mail_outbox (kind, recipient, subject, text_body, html_body, created_at, next_attempt_at)
          values ('KONTAKTANFRAGE', 'service@example.de', 'Alt', 'x', 'x', now() - interval '2 hours', now() + interval '1 day')`,
    );
    const samples = await scrape();
    expect(valueOf(samples, 'kundenportal_mail_unsent')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'kundenportal_mail_oldest_unsent_seconds')).toBeGreaterThanOrEqual(
      7200,
    );
  });

  it('is not there for a call from another machine, nor for one through a proxy', async () => {
    const remote = await server.app.inject({ url: '/metrics', remoteAddress: '10.0.0.1' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('kundenportal_');
    const proxied = await server.app.inject({
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('answers on the operator port with the key only, and writes no audit row', async () => {
    const audited = async () => (await server.db.select().from(operatorAudit)).length;
    const before = await audited();
    expect((await operator.inject({ url: '/metrics' })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) {
      const answer = await operator.inject({ url: '/metrics', headers: operatorBearer });
      expect(answer.statusCode).toBe(200);
      expect(valueOf(parseMetrics(answer.body), 'kundenportal_db_waiting')).toBe(0);
    }
    expect(await audited()).toBe(before);
    // Another call of the operator port is audited as before.
    expect(
      (await operator.inject({ url: '/aenderungen?anzahl=1', headers: operatorBearer })).statusCode,
    ).toBe(200);
    expect(await audited()).toBe(before + 1);
  });
});
