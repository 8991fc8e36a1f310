import { describe, expect, it } from 'vitest';
import { documentFileText, formatFileSize, type Document } from './documents';

const document: Document = {
  id: 3,
  dateiname: 'Jahresabrechnung_Strom_2025.pdf',
  kategorie: 'Rechnung',
  beschreibung: 'Jahresabrechnung Strom 2025',
  vertragId: 5000001,
  erstellzeitpunkt: '2026-01-14T06:45:00.000Z',
  contentType: 'application/pdf',
  groesse: 84_321,
};

describe('a document’s file in one line', () => {
  it('names type, size and day: "PDF · 84 kB · 14.01.2026"', () => {
    expect(documentFileText(document)).toBe('PDF · 84 kB · 14.01.2026');
  });

  it('names another type by its media subtype', () => {
    expect(documentFileText({ ...document, contentType: 'image/png' })).toMatch(/^PNG · /);
  });

  it.each([
    [0, '1 kB'],
    [1_499, '1 kB'],
    [84_321, '84 kB'],
    [999_499, '999 kB'],
    [999_500, '1,0 MB'],
    [2_513_420, '2,5 MB'],
  ])('writes %i bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
