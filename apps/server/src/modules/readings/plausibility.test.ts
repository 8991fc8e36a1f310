import { describe, expect, it } from 'vitest';
import { checkPlausibility, type PastReading } from './plausibility';

const KANAL = { obiskennzahl: '1-1:1.8.0', nachkommastellen: 1 };
const reading = (ablesedatum: string, wert: number): PastReading => ({
  ablesedatum,
  werte: new Map([[KANAL.obiskennzahl, wert]]),
});
/** 3650 units a year: 10 a day. */
const history = [reading('2024-01-01', 10_000), reading('2025-01-01', 13_660)];
const check = (ablesedatum: string, wert: number, readings = history, versorgungsart = 'STROM') =>
  checkPlausibility({
    ablesedatum,
    kanaele: [KANAL],
    ablesewerte: { [KANAL.obiskennzahl]: wert },
    readings,
    versorgungsart,
  });

describe('plausibility of a proposed reading', () => {
  it('accepts a value near the consumption of the history', () => {
    expect(check('2025-07-01', 15_500)).toEqual({ plausibel: true, hinweise: [] });
  });

  it('warns about a value below the last reading: a meter does not run backwards', () => {
    const answer = check('2025-07-01', 13_000);
    expect(answer.plausibel).toBe(false);
    expect(answer.hinweise).toEqual([
      {
        obiskennzahl: '1-1:1.8.0',
        hinweis:
          'Der eingegebene Zählerstand 13.000,00 ist kleiner als der letzte Zählerstand 13.660,00 vom 01.01.2025. Ein Zähler läuft nicht rückwärts: Bitte prüfen Sie Ihre Eingabe.',
      },
    ]);
  });

  it('warns about a value far above the expected one, naming the expected value', () => {
    // 181 days at 10 a day: about 15 470 expected; three times the consumption is too much.
    expect(check('2025-07-01', 19_000).plausibel).toBe(true);
    const answer = check('2025-07-01', 19_500);
    expect(answer.plausibel).toBe(false);
    expect(answer.hinweise[0]?.hinweis).toMatch(
      /weit über dem erwarteten Zählerstand von etwa 15\.4/,
    );
  });

  it('judges a few days against at least a month of consumption', () => {
    expect(check('2025-01-03', 13_660 + 850).plausibel).toBe(true);
    expect(check('2025-01-03', 13_660 + 950).plausibel).toBe(false);
  });

  it('uses a typical household without history, and gas in cubic metres', () => {
    const one = [reading('2025-01-01', 100)];
    // 3500 kWh a year: about 9.6 a day, at most about 29 a day before it warns.
    expect(check('2025-04-11', 100 + 2800, one).plausibel).toBe(true);
    expect(check('2025-04-11', 100 + 2950, one).plausibel).toBe(false);
    // 1400 m³ a year of gas: about 3.8 a day.
    expect(check('2025-04-11', 100 + 1100, one, 'GAS').plausibel).toBe(true);
    expect(check('2025-04-11', 100 + 1200, one, 'GAS').plausibel).toBe(false);
  });

  it('warns about a value above a later reading, for a day in between', () => {
    const answer = check('2024-06-01', 14_000);
    expect(answer.hinweise[0]?.hinweis).toMatch(/größer als der spätere Zählerstand 13\.660,00/);
  });

  it('has nothing to compare for a meter without readings', () => {
    expect(check('2025-07-01', 5, [])).toEqual({ plausibel: true, hinweise: [] });
  });
});
