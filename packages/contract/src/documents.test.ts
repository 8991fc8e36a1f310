import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS_FAILED_MESSAGE,
  DocumentListSchema,
  documentFileText,
  finalBillOf,
  type Document,
} from './documents';

const invoice: Document = {
  id: 3,
  dateiname: 'Jahresabrechnung_Strom_2025.pdf',
  kategorie: 'Rechnung',
  beschreibung: 'Jahresabrechnung Strom 2025',
  vertragId: 5000001,
  erstellzeitpunkt: '2026-01-14T06:45:00.000Z',
  contentType: 'application/pdf',
  groesse: 84_321,
};

describe('documents (spec §2.4, §3)', () => {
  it('reads a list of documents, with or without a contract', () => {
    const list = [invoice, { ...invoice, id: 2, vertragId: null }];
    expect(DocumentListSchema.parse(list)).toEqual(list);
  });

  it('refuses a document without its creation time, with a fractional id or a negative size', () => {
    expect(
      DocumentListSchema.safeParse([{ ...invoice, erstellzeitpunkt: '02.10.2026' }]).success,
    ).toBe(false);
    expect(DocumentListSchema.safeParse([{ ...invoice, id: 1.5 }]).success).toBe(false);
    expect(DocumentListSchema.safeParse([{ ...invoice, groesse: -1 }]).success).toBe(false);
  });

  it('says in German that the list could not be loaded', () => {
    expect(DOCUMENTS_FAILED_MESSAGE).toBe(
      'Die Dokumente konnten aus unbekannten Gründen nicht geladen werden.',
    );
  });
});

describe('a document’s file in one line', () => {
  it('names type, size and day: "PDF · 84 kB · 14.01.2026"', () => {
    expect(documentFileText(invoice)).toBe('PDF · 84 kB · 14.01.2026');
  });

  it('names another type by its media subtype', () => {
    expect(documentFileText({ ...invoice, contentType: 'image/png' })).toMatch(/^PNG · /);
  });

  it('writes a large file in MB', () => {
    expect(documentFileText({ ...invoice, groesse: 2_513_420 })).toBe('PDF · 2,5 MB · 14.01.2026');
  });
});

describe('final bill', () => {
  it("is the contract's newest bill, never another contract's or another kind of letter", () => {
    const older = { ...invoice, id: 1, erstellzeitpunkt: '2025-01-14T06:45:00.000Z' };
    const plan = {
      ...invoice,
      id: 4,
      kategorie: 'Abschlagsplan',
      erstellzeitpunkt: '2026-02-01T08:00:00.000Z',
    };
    const foreign = {
      ...invoice,
      id: 5,
      vertragId: 5000002,
      erstellzeitpunkt: '2026-03-01T08:00:00.000Z',
    };
    expect(finalBillOf([older, invoice, plan, foreign], 5000001)?.id).toBe(3);
    expect(finalBillOf([plan, foreign], 5000001)).toBeUndefined();
  });
});
