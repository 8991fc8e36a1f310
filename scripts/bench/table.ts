/** The bench's one table: each measurement, its peer where it has one, its target and verdict. */
import type { LoadResult } from './load';

export interface Row {
  what: string;
  /** Under autocannon's load. */
  load?: LoadResult;
  /** The bare Fastify of the same run, for the ratio. */
  peer?: LoadResult;
  /** One caller at a time, in ms. */
  alone?: { median: number; p95: number };
  /** A single figure (memory, bytes, a score). */
  value?: number;
  targets?: {
    ratio?: number;
    /** Answers a second, absolute: where the peer's bytes would measure only the loopback. */
    perSecond?: number;
    p99?: number;
    median?: number;
    min?: number;
    max?: number;
  };
}

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
    : '–';

function measured(row: Row): string {
  if (row.load) {
    const { requestsPerSecond, p50, p99, failures } = row.load;
    const failed = failures > 0 ? `, ${n(failures)} failed` : '';
    return `${n(requestsPerSecond)} req/s, p50 ${n(p50)} ms, p99 ${n(p99)} ms${failed}`;
  }
  if (row.alone) return `median ${n(row.alone.median, 1)} ms, p95 ${n(row.alone.p95, 1)} ms`;
  return n(row.value ?? NaN, row.value !== undefined && row.value < 1000 ? 1 : 0);
}

/** Each target in words, and whether it is met; undefined where the row only reports. */
function verdict(row: Row): { target: string; met: boolean } | undefined {
  const { targets = {} } = row;
  const checks: { text: string; met: boolean }[] = [];
  const ratio =
    row.load && row.peer ? row.load.requestsPerSecond / row.peer.requestsPerSecond : NaN;
  if (targets.ratio !== undefined) {
    checks.push({ text: `≥ ${targets.ratio} × peer`, met: ratio >= targets.ratio });
  }
  if (targets.perSecond !== undefined && row.load) {
    checks.push({
      text: `≥ ${targets.perSecond} answers/s`,
      met: row.load.requestsPerSecond >= targets.perSecond,
    });
  }
  if (targets.p99 !== undefined && row.load) {
    checks.push({ text: `p99 < ${targets.p99} ms`, met: row.load.p99 < targets.p99 });
  }
  if (targets.median !== undefined && row.alone) {
    checks.push({ text: `median < ${targets.median} ms`, met: row.alone.median < targets.median });
  }
  if (targets.min !== undefined) {
    checks.push({ text: `≥ ${targets.min}`, met: (row.value ?? NaN) >= targets.min });
  }
  if (targets.max !== undefined) {
    checks.push({ text: `≤ ${targets.max}`, met: (row.value ?? NaN) <= targets.max });
  }
  if (checks.length === 0) return undefined;
  return { target: checks.map((check) => check.text).join(', '), met: checks.every((c) => c.met) };
}

/** Prints the table as Markdown (for docs/performance.md as it is); answers whether every target is met. */
export function printTable(rows: Row[]): boolean {
  const lines = ['| what | measured | ratio to peer | target | met |', '|---|---|---|---|---|'];
  let allMet = true;
  for (const row of rows) {
    const ratio =
      row.load && row.peer ? n(row.load.requestsPerSecond / row.peer.requestsPerSecond, 3) : '';
    const judged = verdict(row);
    if (judged && !judged.met) allMet = false;
    const met = judged ? (judged.met ? 'yes' : '**no**') : '';
    lines.push(`| ${row.what} | ${measured(row)} | ${ratio} | ${judged?.target ?? ''} | ${met} |`);
  }
  console.log(lines.join('\n'));
  return allMet;
}
