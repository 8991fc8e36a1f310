import { describe, expect, it } from 'vitest';
import { DOCUMENTS_FAILED_MESSAGE, DocumentListSchema } from './documents';

describe('documents (spec §2.4, §3)', () => {
  const invoice = {
    id: 1,
    dateiname: 'Rechnung-2026-10.pdf',
    kategorie: 'Rechnung',
    beschreibung: 'Jahresrechnung 2026',
    vertragId: 4711,
    erstellzeitpunkt: '2026-10-02T08:15:00.000Z',
  };

  it('reads a list of documents, with or without a contract', () => {
    const list = [invoice, { ...invoice, id: 2, vertragId: null }];
    expect(DocumentListSchema.parse(list)).toEqual(list);
  });

  it('refuses a document without its creation time or with a fractional id', () => {
    expect(
      DocumentListSchema.safeParse([{ ...invoice, erstellzeitpunkt: '02.10.2026' }]).success,
    ).toBe(false);
    expect(DocumentListSchema.safeParse([{ ...invoice, id: 1.5 }]).success).toBe(false);
  });

  it('says in German that the list could not be loaded', () => {
    expect(DOCUMENTS_FAILED_MESSAGE).toBe(
      'Die Dokumente konnten aus unbekannten Gründen nicht geladen werden.',
    );
  });
});
