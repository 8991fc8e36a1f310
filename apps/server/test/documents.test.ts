import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Document } from '@kundenportal/contract';
import { loadMandant } from '../src/config';
import { annualBill, monthlyInstalment } from '../src/modules/documents/annual-bill';
import { sessionHeaders, startTestServer, type TestServer } from './harness';

type Headers = Awaited<ReturnType<typeof sessionHeaders>>;

/** The text a reader's PDF viewer finds on every page, one string. */
async function textOf(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join(' ');
}

describe('an annual bill', () => {
  it('rounds each line to the cent, adds VAT once and sets the instalments against it', () => {
    const bill = annualBill(
      [
        { text: 'Arbeitspreis', menge: 3211.6, einheit: 'kWh', preisNetto: 0.2767 },
        { text: 'Grundpreis', menge: 12, einheit: 'Monate', preisNetto: 12.85 },
      ],
      Array.from({ length: 12 }, () => 95),
    );
    expect(bill.positionen.map((item) => item.betragNetto)).toEqual([888.65, 154.2]);
    expect(bill).toMatchObject({
      netto: 1042.85,
      umsatzsteuer: 198.14, // 1042.85 × 0.19 = 198.1415
      brutto: 1240.99,
      abschlaegeBezahlt: 1140,
      saldo: 100.99,
    });
  });

  it('answers a credit as a negative balance', () => {
    const bill = annualBill(
      [{ text: 'Arbeitspreis', menge: 1000, einheit: 'kWh', preisNetto: 0.3 }],
      [200, 200],
    );
    expect(bill).toMatchObject({ netto: 300, umsatzsteuer: 57, brutto: 357, saldo: -43 });
  });

  it('makes the monthly instalment a twelfth, up to the whole euro', () => {
    expect(monthlyInstalment(1712.29)).toBe(143);
    expect(monthlyInstalment(1200)).toBe(100);
  });
});

describe('the demo documents of Küstenwerk', () => {
  let server: TestServer;
  let max: Headers;
  let documents: Document[];
  const get = (url: string, headers: Headers) => server.app.inject({ method: 'GET', url, headers });
  const download = async (beschreibung: string) => {
    const document = documents.find((each) => each.beschreibung === beschreibung)!;
    const response = await get(`/api/dokument/daten/${document.id}`, max);
    expect(response.statusCode).toBe(200);
    return { document, bytes: response.rawPayload };
  };

  beforeAll(async () => {
    server = await startTestServer('pglite', { mandant: loadMandant('kuestenwerk') });
    max = await sessionHeaders(server.app, '10001');
    documents = (await get('/api/dokument/alle', max)).json();
  });
  afterAll(() => server.close());

  it('lists each file with its media type and its size in bytes', async () => {
    const { document, bytes } = await download('Jahresabrechnung Strom 2025');
    expect(document.contentType).toBe('application/pdf');
    expect(document.groesse).toBe(bytes.length);
  });

  it('bills 2025 from the readings and the tariff, to the cent, on a letter of the variant', async () => {
    const text = await textOf((await download('Jahresabrechnung Strom 2025')).bytes);
    for (const figure of [
      'KW-10001',
      'Jahresabrechnung Strom 2025',
      '12.890,1 kWh',
      '16.101,7 kWh',
      '3.211,60 kWh', // 16.101,7 − 12.890,1
      '27,67 ct/kWh', // 8,72 ct exchange price weighted by use + 18,95 ct markup
      '888,65 €',
      '154,20 €',
      '1.042,85 €',
      '198,14 €',
      '1.240,99 €',
      '-1.140,00 €',
      'Nachzahlung',
      '100,99 €',
      // The company as a German business letter names it.
      'Küstenwerk Energie GmbH & Co. KG',
      'Amtsgericht Oldenburg, HRA 202613',
      'USt-IdNr. DE987654321',
      'IBAN DE42 2805 0100 0000 1234 56',
      'Geschäftsführung: Küstenwerk Verwaltungs-GmbH',
    ])
      expect(text).toContain(figure);
  });

  it('confirms a contract with tariff, prices, delivery start and the right of withdrawal', async () => {
    const text = await textOf((await download('Vertragsbestätigung Mustergas Komfort')).bytes);
    for (const figure of [
      'Lieferbeginn',
      '01.10.2023',
      'Mustergas Komfort',
      '11,89 ct/kWh brutto',
      '189,60 € pro Jahr brutto',
      'Widerrufsbelehrung',
      'binnen vierzehn Tagen',
    ])
      expect(text).toContain(figure);
  });

  it('plans twelve gas instalments from last year’s use converted to kWh', async () => {
    const text = await textOf((await download('Abschlagsplan Gas 2026')).bytes);
    // (4.015,9 − 2.801,44) m³ × 10,545 kWh/m³ × 11,89 ct + 189,60 € = 1.712,29 € → 143 €/Monat
    for (const figure of ['12.806,48 kWh', '1.712,29 €', '15.11.2025', '15.10.2026', '1.716,00 €'])
      expect(text).toContain(figure);
    expect(text.match(/143,00 €/g)?.length).toBeGreaterThanOrEqual(12);
  });

  it('names the portal, not the library, as Creator and Producer', async () => {
    const pdf = await PDFDocument.load((await download('Abschlagsplan Gas 2026')).bytes, {
      updateMetadata: false,
    });
    expect(pdf.getCreator()).toBe('Kundenportal Küstenwerk Energie');
    expect(pdf.getProducer()).toBe('Kundenportal Küstenwerk Energie');
    expect(pdf.getTitle()).toBe('Abschlagsplan Gas 2026');
  });

  it("still answers another customer's document with 404", async () => {
    const baeckerei = await sessionHeaders(server.app, '10002');
    const [foreign] = (await get('/api/dokument/alle', baeckerei)).json();
    expect((await get(`/api/dokument/daten/${foreign.id}`, max)).statusCode).toBe(404);
    expect((await get(`/api/dokument/daten/${foreign.id}`, baeckerei)).statusCode).toBe(200);
  });
});
