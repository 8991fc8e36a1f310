import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  type PDFObject,
} from 'pdf-lib';
import { getDocument, PDFDateString } from 'pdfjs-dist/legacy/build/pdf.mjs';
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

/** A stream's bytes, its filters undone. */
const streamBytes = (stream: PDFObject | undefined): Uint8Array => {
  if (!(stream instanceof PDFRawStream)) throw new Error('kein Datenstrom');
  return decodePDFRawStream(stream).decode();
};
const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(from, to)).toString('latin1');

/**
 * The fonts of every page, each as what PDF/A asks of it: its descendant's descriptor with the
 * embedded TrueType program (FontFile2) and the characters its ToUnicode map gives each CID.
 */
function fontsOf(pdf: PDFDocument) {
  return pdf.getPages().flatMap((page) => {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    return (fonts?.values() ?? []).map((ref) => {
      const font = pdf.context.lookup(ref, PDFDict);
      const subtype = font.get(PDFName.of('Subtype'))?.toString();
      const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
      const program = descriptor.lookup(PDFName.of('FontFile2'));
      const toUnicode = new TextDecoder().decode(streamBytes(font.lookup(PDFName.of('ToUnicode'))));
      const cids = new Map<string, number>();
      for (const [, cid, unicode] of toUnicode.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4})>/gi))
        cids.set(String.fromCharCode(parseInt(unicode!, 16)), parseInt(cid!, 16));
      return { ref: ref.toString(), subtype, program, cids };
    });
  });
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
      '12.890,10 kWh',
      '16.101,70 kWh',
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

  it('is PDF/A-2b in every kind of letter: XMP as Info says, output intent, embedded fonts, an ID', async () => {
    expect(documents.length).toBeGreaterThanOrEqual(6);
    for (const listed of documents) {
      const { bytes } = await download(listed.beschreibung);
      const reader = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
      const read = await reader.getMetadata();
      const info = read.info as Record<string, string | undefined>;
      const { metadata } = read;
      await reader.destroy();
      // The XMP packet declares PDF/A-2 level B and says what the Info dictionary says.
      expect(metadata.get('pdfaid:part')).toBe('2');
      expect(metadata.get('pdfaid:conformance')).toBe('B');
      expect(info.Title).toBe(listed.beschreibung);
      expect(metadata.get('dc:title')).toBe(info.Title);
      expect(metadata.get('dc:creator')).toEqual([info.Author]);
      expect(metadata.get('dc:description')).toBe(info.Subject);
      expect(metadata.get('xmp:creatortool')).toBe(info.Creator);
      expect(metadata.get('pdf:producer')).toBe(info.Producer);
      const instant = (value: unknown) => new Date(String(value)).getTime();
      const created = PDFDateString.toDateObject(info.CreationDate!)!.getTime();
      expect(created).toBe(new Date(listed.erstellzeitpunkt).getTime());
      expect(instant(metadata.get('xmp:createdate'))).toBe(created);
      expect(instant(metadata.get('xmp:modifydate'))).toBe(
        PDFDateString.toDateObject(info.ModDate!)!.getTime(),
      );

      const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
      // Nothing in the catalog that PDF/A forbids or this letter does not need: no
      // JavaScript, no actions, no forms.
      expect(pdf.catalog.keys().map(String).sort()).toEqual(
        ['/Lang', '/Metadata', '/OutputIntents', '/Pages', '/Type', '/ViewerPreferences'].sort(),
      );
      const intents = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
      expect(intents.size()).toBe(1);
      const intent = intents.lookup(0, PDFDict);
      expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
      const profileStream = intent.lookup(PDFName.of('DestOutputProfile'));
      expect((profileStream as PDFRawStream).dict.get(PDFName.of('N'))?.toString()).toBe('3');
      const profile = streamBytes(profileStream);
      // An ICC display profile of an RGB space ("acsp" is every profile's signature).
      expect(latin1(profile, 36, 40)).toBe('acsp');
      expect(latin1(profile, 12, 20)).toBe('mntrRGB ');

      const id = pdf.context.trailerInfo.ID;
      expect(id).toBeInstanceOf(PDFArray);
      expect((id as PDFArray).asArray().map((part) => part instanceof PDFHexString)).toEqual([
        true,
        true,
      ]);
      expect(pdf.context.trailerInfo.Encrypt).toBeUndefined();

      const fonts = fontsOf(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.subtype, font.ref).toBe('/Type0');
        expect(font.program, font.ref).toBeInstanceOf(PDFRawStream);
      }
      // Every colour is set in DeviceRGB (rg, RG), which the sRGB output intent describes.
      for (const page of pdf.getPages()) {
        const contents = page.node.Contents();
        const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
        const operators = streams
          .map((each) => new TextDecoder().decode(streamBytes(pdf.context.lookup(each))))
          .join('\n');
        expect(operators).toMatch(/ rg\n/);
        expect(operators).not.toMatch(/ (k|K|g|G|cs|CS|sc|SC|scn|SCN|gs)\n/);
      }
    }
  });

  it('draws umlauts, ß and € with real glyphs of the embedded font', async () => {
    const { bytes } = await download('Jahresabrechnung Strom 2025');
    const text = await textOf(bytes);
    for (const word of ['Küstenwerk', 'Grüßen', 'Abschläge', '1.240,99 €'])
      expect(text).toContain(word);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const drawn = new Set<string>();
    for (const font of fontsOf(pdf)) {
      const program = create(Buffer.from(streamBytes(font.program)));
      if (!('getGlyph' in program)) throw new Error('eine Schriftsammlung');
      for (const character of 'äüß€') {
        const cid = font.cids.get(character);
        if (cid === undefined) continue;
        // CIDToGIDMap is Identity: the CID is the glyph; a blank or missing glyph has no path.
        const glyph = program.getGlyph(cid);
        expect(glyph.path.commands.length, `${character} in ${font.ref}`).toBeGreaterThan(4);
        expect(glyph.advanceWidth).toBeGreaterThan(0);
        drawn.add(character);
      }
    }
    expect([...drawn].sort()).toEqual([...'äüß€'].sort());
  });

  it("still answers another customer's document with 404", async () => {
    const baeckerei = await sessionHeaders(server.app, '10002');
    const [foreign] = (await get('/api/dokument/alle', baeckerei)).json();
    expect((await get(`/api/dokument/daten/${foreign.id}`, max)).statusCode).toBe(404);
    expect((await get(`/api/dokument/daten/${foreign.id}`, baeckerei)).statusCode).toBe(200);
  });
});
