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

describe('plausibility at its boundaries', () => {
  const texts = (answer: ReturnType<typeof check>) => answer.hinweise.map((h) => h.hinweis);

  it('takes the last value itself, and up to exactly three times the expected use', () => {
    // 30 days after the last reading at 10 a day: 900 more is the most that is usual
    expect(check('2025-01-31', 13_660).plausibel).toBe(true);
    expect(check('2025-01-31', 13_660 + 900).plausibel).toBe(true);
    expect(check('2025-01-31', 13_660 + 900.1).plausibel).toBe(false);
  });

  it('judges a short interval against at least 30 days', () => {
    expect(check('2025-01-02', 13_660 + 900).plausibel).toBe(true);
    expect(check('2025-01-02', 13_660 + 900.1).plausibel).toBe(false);
  });

  it('uses a history of 30 days and more, and a typical household for less', () => {
    // 30 days at 10 a day: the history's rate; 29 days of it: 3500 kWh a year (9.59 a day)
    const month = [reading('2024-12-02', 13_360), reading('2025-01-01', 13_660)];
    expect(check('2025-01-31', 13_660 + 880, month).plausibel).toBe(true);
    const shorter = [reading('2024-12-03', 13_370), reading('2025-01-01', 13_660)];
    expect(check('2025-01-31', 13_660 + 880, shorter).plausibel).toBe(false);
    expect(check('2025-01-31', 13_660 + 860, shorter).plausibel).toBe(true);
    // gas: 1400 m³ a year
    expect(check('2025-01-31', 13_660 + 340, shorter, 'GAS').plausibel).toBe(true);
    expect(check('2025-01-31', 13_660 + 350, shorter, 'GAS').plausibel).toBe(false);
  });

  it('compares with the readings before and after the day, not with one on the day', () => {
    const around = [...history, reading('2025-07-01', 15_470), reading('2025-12-31', 17_300)];
    expect(check('2025-07-01', 15_000, around).plausibel).toBe(true);
    expect(check('2025-12-01', 17_300, around).plausibel).toBe(true);
    expect(texts(check('2025-12-01', 17_300.1, around))).toEqual([
      'Der eingegebene Zählerstand 17.300,10 ist größer als der spätere Zählerstand 17.300,00 vom 31.12.2025. Bitte prüfen Sie Ihre Eingabe.',
    ]);
  });
});
