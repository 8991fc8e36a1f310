import { describe, expect, it } from 'vitest';
import { parseGermanNumber, parseInstant, parseSeries, ParseMessages } from './parse';

/** A body as it streams in: in pieces cut anywhere, here every 7 characters. */
async function* pieces(text: string) {
  for (let index = 0; index < text.length; index += 7) yield text.slice(index, index + 7);
}

const rows = [
  { zeitpunkt: '2026-03-29T01:00:00+01:00', wert: 0.25 },
  { zeitpunkt: '2026-03-29T03:00:00+02:00', wert: 1.5 },
  { zeitpunkt: '2026-10-25T02:00:00+02:00', wert: 0 },
  { zeitpunkt: '2026-10-25T02:00:00+01:00', wert: 12 },
];

describe('parseSeries', () => {
  it('reads JSON, NDJSON and an EDM’s semicolon CSV to the same rows', async () => {
    const json = await parseSeries(pieces(JSON.stringify(rows)), 'json', 'energiemengen');
    const ndjson = await parseSeries(
      pieces(rows.map((row) => JSON.stringify(row)).join('\n') + '\n'),
      'ndjson',
      'energiemengen',
    );
    const csv = await parseSeries(
      pieces(
        '\uFEFFZeitstempel;Wert;Einheit;Status\r\n' +
          '29.03.2026 01:00+01:00;0,25;kWh;W\r\n' +
          '2026-03-29T03:00:00+02:00;1,5;kWh;W\r\n' +
          '\r\n' +
          '2026-10-25 02:00:00+0200;0;kWh;E\r\n' +
          '2026-10-25T01:00:00Z;12;kWh;W\r\n',
      ),
      'csv',
      'energiemengen',
    );
    const expected = {
      instants: [
        Date.parse('2026-03-29T00:00:00Z'),
        Date.parse('2026-03-29T01:00:00Z'),
        Date.parse('2026-10-25T00:00:00Z'),
        Date.parse('2026-10-25T01:00:00Z'),
      ],
      values: [0.25, 1.5, 0, 12],
      errors: [],
      unlisted: 0,
      rows: 4,
    };
    expect(json).toMatchObject({ ...expected, lines: [1, 2, 3, 4] });
    expect(ndjson).toMatchObject({ ...expected, lines: [1, 2, 3, 4] });
    // CSV lines count the header and the empty line, as an editor shows them
    expect(csv).toMatchObject({ ...expected, lines: [2, 3, 5, 6] });
  });

  it('reads separate Datum and Uhrzeit columns, and refuses them without an offset', async () => {
    const csv = await parseSeries(
      pieces('Datum;Uhrzeit;Wert\n25.10.2026;02:00 +01:00;1,0\n25.10.2026;02:00;2,0\n'),
      'csv',
      'energiemengen',
    );
    expect(csv.instants).toEqual([Date.parse('2026-10-25T01:00:00Z')]);
    expect(csv.errors).toEqual([
      { zeile: 3, feld: 'zeitpunkt', meldung: ParseMessages.noOffset('25.10.2026 02:00') },
    ]);
  });

  it('refuses each bad row with its line and field, and reads the good ones', async () => {
    const csv = await parseSeries(
      pieces(
        'Zeitpunkt;Preis;Einheit\n' +
          '2026-03-29T02:30:00;85,1;EUR/MWh\n' +
          '2026-03-29T01:00:00+01:00;85.1;EUR/MWh\n' +
          '2026-02-30T01:00:00+01:00;;EUR/MWh\n' +
          '2026-03-29T04:00:00+02:00;-12,5;EUR/kWh\n' +
          '2026-03-29T04:15:00+02:00;-12,5;€/MWh\n',
      ),
      'csv',
      'preise',
    );
    expect(csv.errors).toEqual([
      { zeile: 2, feld: 'zeitpunkt', meldung: ParseMessages.noOffset('2026-03-29T02:30:00') },
      { zeile: 3, feld: 'wert', meldung: ParseMessages.badNumber('85.1') },
      { zeile: 4, feld: 'zeitpunkt', meldung: ParseMessages.badTime('2026-02-30T01:00:00+01:00') },
      { zeile: 4, feld: 'wert', meldung: ParseMessages.missingValue },
      { zeile: 5, feld: 'einheit', meldung: ParseMessages.badUnit('EUR/kWh', 'EUR/MWh') },
    ]);
    expect(csv.values).toEqual([-12.5]);
    const ndjson = await parseSeries(
      pieces('{"zeitpunkt":"2026-03-29T01:00:00Z","wert":"1,5"}\nnot json\n[1]\n{"wert":1}\n'),
      'ndjson',
      'energiemengen',
    );
    expect(ndjson.errors).toEqual([
      { zeile: 1, feld: 'wert', meldung: ParseMessages.notANumber },
      { zeile: 2, feld: 'zeile', meldung: ParseMessages.badJsonLine },
      { zeile: 3, feld: 'zeile', meldung: ParseMessages.notAnObject },
      { zeile: 4, feld: 'zeitpunkt', meldung: ParseMessages.missingTime },
    ]);
  });

  it('refuses a body it cannot read at all with one message', async () => {
    await expect(parseSeries(pieces('{"a":1}'), 'json', 'preise')).rejects.toThrow(
      ParseMessages.notAnArray,
    );
    await expect(parseSeries(pieces('[{'), 'json', 'preise')).rejects.toThrow(
      ParseMessages.badJson,
    );
    await expect(parseSeries(pieces('a;b\n1;2\n'), 'csv', 'preise')).rejects.toThrow(
      ParseMessages.noHeader,
    );
    await expect(
      parseSeries(pieces('Zeitpunkt;Wert\n"2026-03-29T01:00:00Z;1\n'), 'csv', 'preise'),
    ).rejects.toThrow(ParseMessages.badCsv(2));
  });
});

describe('a body that fails while it streams in', () => {
  it('fails the parse in each form with its own error, never unhandled', async () => {
    const starts = {
      json: '[',
      ndjson: '{"zeitpunkt":"2026-01-01T00:00:00Z","wert":1}\n',
      csv: 'Zeitpunkt;Wert\n2026-01-01T00:00:00Z;1\n',
    };
    for (const format of ['json', 'ndjson', 'csv'] as const) {
      async function* broken() {
        yield starts[format];
        throw new Error('zu groß');
      }
      await expect(parseSeries(broken(), format, 'energiemengen')).rejects.toThrow('zu groß');
    }
  });
});

describe('parseInstant and parseGermanNumber', () => {
  it('reads offsets and Z, refuses local times and impossible ones', () => {
    expect(parseInstant('2026-03-29T03:00:00.500+02:00')).toBe(
      Date.parse('2026-03-29T01:00:00.500Z'),
    );
    expect(parseInstant('2026-03-29T03:00-0230')).toBe(Date.parse('2026-03-29T05:30:00Z'));
    expect(parseInstant('29.03.2026 02:30')).toBe(ParseMessages.noOffset('29.03.2026 02:30'));
    expect(parseInstant('2026-03-29T24:00:00Z')).toBe(
      ParseMessages.badTime('2026-03-29T24:00:00Z'),
    );
    expect(parseInstant('2026-03-29T01:00:00+15:00')).toBe(
      ParseMessages.badTime('2026-03-29T01:00:00+15:00'),
    );
    expect(parseInstant('gestern')).toBe(ParseMessages.badTime('gestern'));
    expect(parseInstant(' ')).toBe(ParseMessages.missingTime);
  });

  it('reads a decimal comma and refuses a point, never guessing', () => {
    expect(parseGermanNumber('0,125')).toBe(0.125);
    expect(parseGermanNumber('-7')).toBe(-7);
    expect(parseGermanNumber('5.300')).toBe(ParseMessages.badNumber('5.300'));
    expect(parseGermanNumber('1.234,5')).toBe(ParseMessages.badNumber('1.234,5'));
    expect(parseGermanNumber('')).toBe(ParseMessages.missingValue);
  });
});
