// Writes the example time series of the walk in docs/operator-api.md, as an EDM
// exports them: semicolon CSV, a timestamp with its offset, a value with a decimal comma.
//   verbrauch.csv  the last year of hourly consumption (8,760 hours up to the last full hour), kWh
//   preise.csv     a month of quarter-hour day-ahead prices (31 days from 30 days ago), EUR/MWh
// The values follow a fixed formula (no randomness), so a test can recompute any of them.
//   node docs/examples/zeitreihen.mjs [zielordner]   (default: the current directory)
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const HOUR = 3_600_000;
const QUARTER = 900_000;
const DAY = 86_400_000;

const berlinParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** "2026-03-29T03:00:00+02:00": the instant in German local time with its offset. */
function berlinIso(ms) {
  const part = Object.fromEntries(
    berlinParts.formatToParts(new Date(ms)).map(({ type, value }) => [type, value]),
  );
  const offset = part.timeZoneName === 'GMT' ? '+00:00' : part.timeZoneName.slice(3);
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:00${offset}`;
}

const decimalComma = (value, digits) => value.toFixed(digits).replace('.', ',');

/** kWh in the hour starting at `ms` (UTC): a base load, a morning and an evening peak, winter more. */
export function verbrauchKwh(ms) {
  const hour = new Date(ms).getUTCHours();
  const dayOfYear = Math.floor((ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / DAY);
  const winter = 1 + 0.3 * Math.cos((2 * Math.PI * dayOfYear) / 365);
  const peak = hour === 6 || hour === 7 ? 0.35 : hour >= 16 && hour <= 20 ? 0.45 : 0;
  return Math.round((0.18 + peak) * winter * 1000) / 1000;
}

/** EUR/MWh of the quarter-hour starting at `ms`: cheap at night and at noon, dear in the evening. */
export function preisEurMwh(ms) {
  const quarter = Math.floor(ms / QUARTER) % 96;
  return Math.round((85 + 45 * Math.sin((2 * Math.PI * (quarter - 30)) / 96)) * 100) / 100;
}

/** The hours of the last year up to the last full hour before `now`. */
export function verbrauchCsv(now = Date.now()) {
  const end = Math.floor(now / HOUR) * HOUR;
  const lines = ['Zeitstempel;Wert;Einheit'];
  for (let ms = end - 8760 * HOUR; ms < end; ms += HOUR)
    lines.push(`${berlinIso(ms)};${decimalComma(verbrauchKwh(ms), 3)};kWh`);
  return `${lines.join('\n')}\n`;
}

/** The quarter-hours of 31 days, from 0:00 UTC 30 days before `now` to the end of its day. */
export function preiseCsv(now = Date.now()) {
  const start = Math.floor(now / DAY) * DAY - 30 * DAY;
  const lines = ['Zeitstempel;Preis;Einheit'];
  for (let ms = start; ms < start + 31 * DAY; ms += QUARTER)
    lines.push(`${berlinIso(ms)};${decimalComma(preisEurMwh(ms), 2)};EUR/MWh`);
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? '.');
  const now = Date.now();
  writeFileSync(join(dir, 'verbrauch.csv'), verbrauchCsv(now));
  writeFileSync(join(dir, 'preise.csv'), preiseCsv(now));
  console.log(
    `${join(dir, 'verbrauch.csv')}: 8760 Stunden; ${join(dir, 'preise.csv')}: 2976 Viertelstunden`,
  );
}
