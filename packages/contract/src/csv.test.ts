import { describe, expect, it } from 'vitest';
import { CSV_BOM, historyCsv, historyCsvFileName, priceCsv, priceCsvFileName } from './csv';

describe('CSV downloads', () => {
  it('writes the history with BOM, semicolons, decimal comma and "null"', () => {
    const csv = historyCsv([
      {
        von: '2026-10-24T22:00:00.000Z',
        bis: '2026-10-24T23:00:00.000Z',
        verbrauch: 0.1234,
        arbeitspreis: 0.314159,
        kosten: 0.038767,
      },
      {
        von: '2026-10-25T00:00:00.000Z',
        bis: '2026-10-25T01:00:00.000Z',
        verbrauch: null,
        arbeitspreis: -0.0125,
        kosten: null,
      },
      {
        von: '2026-10-25T01:00:00.000Z',
        bis: '2026-10-25T02:00:00.000Z',
        verbrauch: 1234.5,
        arbeitspreis: 0.3,
        kosten: 370.35,
      },
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'von;Verbrauch in kWh;Preis in EUR;Kosten in EUR',
      '25.10.2026 00:00;0,1234;0,314159;0,038767',
      '25.10.2026 02:00 MESZ;null;-0,0125;null',
      '25.10.2026 02:00 MEZ;1234,50;0,30;370,35',
      '',
    ]);
  });

  it('writes the price series with its header', () => {
    const csv = priceCsv([{ von: '2026-11-22T11:15:00.000Z', preis: 0.2961 }]);
    expect(csv).toBe(`${CSV_BOM}von;Preis\r\n22.11.2026 12:15;0,2961\r\n`);
  });

  it('names the files as spec §9 does', () => {
    expect(priceCsvFileName('2026-11-22', '2026-11-23')).toBe(
      'preiszeitreihe_2026-11-22-2026-11-23.csv',
    );
    expect(historyCsvFileName('TAEGLICH', '2026-11-01', '2026-11-21')).toBe(
      'Monatsdaten_dynamischer_Tarif__2026-11-01_2026-11-21.csv',
    );
    expect(historyCsvFileName('MONATLICH', '2026-01-01', '2026-11-21')).toBe(
      'Jahresdaten_dynamischer_Tarif__2026-01-01_2026-11-21.csv',
    );
  });
});
