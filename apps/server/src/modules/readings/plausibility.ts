import { formatDate, formatMeterValue, type Plausibility } from '@kundenportal/contract';

const DAY_MS = 86_400_000;
/** A typical household's yearly consumption, when the meter has no history yet. */
const TYPICAL_YEARLY_CONSUMPTION = { STROM: 3500, GAS: 1400 } as const; // kWh, m³
/** A value further above the last one than this many times the expected consumption is unusual. */
const PLAUSIBILITY_FACTOR = 3;
/** Short intervals are judged against at least a month's consumption. */
const PLAUSIBILITY_MIN_DAYS = 30;
/** Less history than this does not tell a consumption rate. */
const MIN_HISTORY_DAYS = 30;

export interface PastReading {
  ablesedatum: string;
  werte: ReadonlyMap<string, number>;
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** Units per day of one channel from the meter's readings before the day, or undefined. */
function dailyRate(history: PastReading[], obiskennzahl: string): number | undefined {
  const withValue = history.filter((reading) => reading.werte.has(obiskennzahl));
  const first = withValue[0];
  const last = withValue.at(-1);
  if (!first || !last) return undefined;
  const days = daysBetween(first.ablesedatum, last.ablesedatum);
  const used = last.werte.get(obiskennzahl)! - first.werte.get(obiskennzahl)!;
  if (days < MIN_HISTORY_DAYS || used < 0) return undefined;
  return used / days;
}

/**
 * Compares each proposed value with the meter's readings: below the last reading before the day
 * (a meter does not run backwards), above a later reading, or far above the consumption the
 * contract's history (or a typical household) makes expected. Never refuses: it only warns.
 */
export function checkPlausibility(input: {
  ablesedatum: string;
  kanaele: { obiskennzahl: string; nachkommastellen: number }[];
  ablesewerte: Readonly<Record<string, number>>;
  readings: PastReading[];
  versorgungsart: string;
}): Plausibility {
  const hinweise: Plausibility['hinweise'] = [];
  const before = input.readings.filter((reading) => reading.ablesedatum < input.ablesedatum);
  const after = input.readings.filter((reading) => reading.ablesedatum > input.ablesedatum);
  const typicalPerDay =
    (input.versorgungsart === 'GAS'
      ? TYPICAL_YEARLY_CONSUMPTION.GAS
      : TYPICAL_YEARLY_CONSUMPTION.STROM) / 365;

  for (const kanal of input.kanaele) {
    const wert = input.ablesewerte[kanal.obiskennzahl];
    if (wert === undefined) continue;
    const format = (value: number) => formatMeterValue(value, kanal.nachkommastellen);
    const previous = before.findLast((reading) => reading.werte.has(kanal.obiskennzahl));
    const next = after.find((reading) => reading.werte.has(kanal.obiskennzahl));
    const hint = (hinweis: string) => hinweise.push({ obiskennzahl: kanal.obiskennzahl, hinweis });

    if (previous) {
      const last = previous.werte.get(kanal.obiskennzahl)!;
      if (wert < last) {
        hint(
          `Der eingegebene Zählerstand ${format(wert)} ist kleiner als der letzte Zählerstand ${format(last)} vom ${formatDate(previous.ablesedatum)}. Ein Zähler läuft nicht rückwärts: Bitte prüfen Sie Ihre Eingabe.`,
        );
        continue;
      }
      const days = Math.max(
        daysBetween(previous.ablesedatum, input.ablesedatum),
        PLAUSIBILITY_MIN_DAYS,
      );
      const perDay = dailyRate(before, kanal.obiskennzahl) ?? typicalPerDay;
      const expected = perDay * daysBetween(previous.ablesedatum, input.ablesedatum);
      if (wert - last > perDay * days * PLAUSIBILITY_FACTOR) {
        hint(
          `Der eingegebene Zählerstand ${format(wert)} liegt weit über dem erwarteten Zählerstand von etwa ${format(last + expected)} (letzter Zählerstand ${format(last)} vom ${formatDate(previous.ablesedatum)}). Bitte prüfen Sie Ihre Eingabe.`,
        );
        continue;
      }
    }
    if (next) {
      const later = next.werte.get(kanal.obiskennzahl)!;
      if (wert > later) {
        hint(
          `Der eingegebene Zählerstand ${format(wert)} ist größer als der spätere Zählerstand ${format(later)} vom ${formatDate(next.ablesedatum)}. Bitte prüfen Sie Ihre Eingabe.`,
        );
      }
    }
  }
  return { plausibel: hinweise.length === 0, hinweise };
}
