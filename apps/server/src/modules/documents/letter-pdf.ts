import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { Mandant } from '@kundenportal/contract';
import { declarePdfA2b, embedLetterFonts } from './pdfa';

/** What a letter says between its letterhead and its footer. */
export type LetterBlock =
  | { art: 'absatz'; text: string }
  | { art: 'zwischentitel'; text: string }
  /** Label and value, as a two-column list. */
  | { art: 'fakten'; zeilen: [string, string][] }
  /** Columns with widths in mm; `summen` rows print bold beneath a rule. */
  | {
      art: 'tabelle';
      spalten: { titel: string; breite: number; rechts?: boolean }[];
      zeilen: string[][];
      summen?: string[][];
    };

export interface Letter {
  empfaenger: string[];
  /** The reference block beside the address: Kundennummer, Vertragsnummer, Datum … */
  bezug: [string, string][];
  titel: string;
  kategorie: string;
  erstellt: Date;
  bloecke: LetterBlock[];
}

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const LEFT = 25 * MM;
const RIGHT = PAGE.width - 20 * MM;
const FOOTER_TOP = 27 * MM;
const TEXT = rgb(0.11, 0.15, 0.2);
const MUTED = rgb(0.3, 0.36, 0.42);

const colourOf = (hex: string): RGB =>
  rgb(
    parseInt(hex.slice(1, 3), 16) / 255,
    parseInt(hex.slice(3, 5), 16) / 255,
    parseInt(hex.slice(5, 7), 16) / 255,
  );

/** Lines of at most `width` points, broken between words. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A German business letter as a PDF (DIN 5008 form B: the address window 45 mm from the top,
 * the reference block beside it) with the variant's letterhead and, on every page, the footer
 * that § 35a GmbHG asks of a company's letters. Creator and Producer name the portal. The file
 * is PDF/A-2b (`pdfa.ts`): fonts embedded, metadata as XMP, colours under an sRGB output intent.
 */
export async function letterPdf(mandant: Mandant, letter: Letter): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const { regular, bold } = await embedLetterFonts(pdf);
  const brand = colourOf(mandant.farben.primaer);

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    page.drawText(mandant.name, {
      x: LEFT,
      y: PAGE.height - 20 * MM,
      size: 16,
      font: bold,
      color: brand,
    });
    page.drawRectangle({
      x: LEFT,
      y: PAGE.height - 24 * MM,
      width: RIGHT - LEFT,
      height: 1.2,
      color: brand,
    });
    y = PAGE.height - 34 * MM;
  };
  const text = (value: string, x: number, size: number, font = regular, color = TEXT) =>
    page.drawText(value, { x, y, size, font, color });
  const ensure = (height: number) => {
    if (y - height < FOOTER_TOP + 5 * MM) newPage();
  };

  newPage();
  // The address window: the sender in one small line, then the recipient.
  y = PAGE.height - 47 * MM;
  text([mandant.firma.name, ...mandant.firma.anschrift].join(' · '), LEFT, 7, regular, MUTED);
  page.drawRectangle({ x: LEFT, y: y - 2, width: 85 * MM, height: 0.4, color: MUTED });
  y -= 6 * MM;
  for (const line of letter.empfaenger) {
    text(line, LEFT, 10.5);
    y -= 5 * MM;
  }
  // The reference block at the right.
  y = PAGE.height - 47 * MM;
  const blockX = 125 * MM;
  for (const [label, value] of letter.bezug) {
    page.drawText(label, { x: blockX, y, size: 7.5, font: regular, color: MUTED });
    y -= 3.6 * MM;
    page.drawText(value, { x: blockX, y, size: 9.5, font: regular, color: TEXT });
    y -= 5 * MM;
  }

  y = Math.min(y - 6 * MM, PAGE.height - 86 * MM);
  text(letter.titel, LEFT, 14, bold);
  y -= 10 * MM;

  const width = RIGHT - LEFT;
  for (const block of letter.bloecke) {
    switch (block.art) {
      case 'zwischentitel':
        ensure(14 * MM);
        y -= 2 * MM;
        text(block.text, LEFT, 11, bold);
        y -= 6.5 * MM;
        break;
      case 'absatz':
        for (const line of wrap(block.text, regular, 10, width)) {
          ensure(5 * MM);
          text(line, LEFT, 10);
          y -= 4.6 * MM;
        }
        y -= 2 * MM;
        break;
      case 'fakten':
        for (const [label, value] of block.zeilen) {
          const lines = wrap(value, regular, 10, width - 55 * MM);
          ensure(lines.length * 4.8 * MM);
          text(label, LEFT, 10, regular, MUTED);
          for (const line of lines) {
            text(line, LEFT + 55 * MM, 10);
            y -= 4.8 * MM;
          }
          y -= 0.4 * MM;
        }
        y -= 2 * MM;
        break;
      case 'tabelle': {
        const row = (cells: string[], font: PDFFont) => {
          let x = LEFT;
          block.spalten.forEach((spalte, index) => {
            const cell = cells[index] ?? '';
            const columnWidth = spalte.breite * MM;
            const cellX = spalte.rechts ? x + columnWidth - font.widthOfTextAtSize(cell, 9.5) : x;
            page.drawText(cell, { x: cellX, y, size: 9.5, font, color: TEXT });
            x += columnWidth;
          });
          y -= 4.9 * MM;
        };
        const rule = (thickness: number) =>
          page.drawRectangle({ x: LEFT, y: y + 3.6 * MM, width, height: thickness, color: MUTED });
        ensure(16 * MM);
        row(
          block.spalten.map((spalte) => spalte.titel),
          bold,
        );
        rule(0.6);
        for (const cells of block.zeilen) {
          ensure(6 * MM);
          row(cells, regular);
        }
        if (block.summen?.length) {
          ensure(block.summen.length * 4.9 * MM + 2 * MM);
          y -= 1 * MM;
          rule(0.6);
          for (const cells of block.summen) row(cells, bold);
        }
        y -= 4 * MM;
        break;
      }
    }
  }

  pages.forEach((each, index) => footer(each, mandant, regular, bold, index + 1, pages.length));
  await declarePdfA2b(
    pdf,
    {
      titel: letter.titel,
      autor: mandant.firma.name,
      thema: letter.kategorie,
      werkzeug: `Kundenportal ${mandant.name}`,
      sprache: 'de-DE',
      erstellt: letter.erstellt,
    },
    JSON.stringify([mandant.name, letter]),
  );
  return Buffer.from(await pdf.save());
}

/**
 * The company data a German business letter carries: the service contact in one line, then
 * company, management and register, bank in three columns; the page number above the rule.
 */
function footer(
  page: PDFPage,
  mandant: Mandant,
  regular: PDFFont,
  bold: PDFFont,
  number: number,
  count: number,
) {
  const { firma } = mandant;
  const size = 6.8;
  const pageText = `Seite ${number} von ${count}`;
  page.drawText(pageText, {
    x: RIGHT - regular.widthOfTextAtSize(pageText, size),
    y: FOOTER_TOP + 2 * MM,
    size,
    font: regular,
    color: MUTED,
  });
  page.drawRectangle({ x: LEFT, y: FOOTER_TOP, width: RIGHT - LEFT, height: 0.4, color: MUTED });
  const contact = [
    `Kundenservice ${firma.telefon}`,
    firma.servicezeiten,
    mandant.serviceEmail,
    new URL(firma.impressumUrl).host,
  ].join(' · ');
  page.drawText(contact, { x: LEFT, y: FOOTER_TOP - 4 * MM, size, font: bold, color: MUTED });
  const columns: string[][] = [
    [firma.name, ...firma.anschrift],
    [
      `Geschäftsführung: ${firma.geschaeftsfuehrung}`,
      firma.registereintrag,
      `USt-IdNr. ${firma.ustId}`,
    ],
    [
      firma.bank.name,
      `IBAN ${firma.bank.iban.replace(/(.{4})(?!$)/g, '$1 ')}`,
      `BIC ${firma.bank.bic} · Gläubiger-ID ${firma.glaeubigerId}`,
    ],
  ];
  const columnWidth = (RIGHT - LEFT) / columns.length;
  columns.forEach((lines, index) => {
    let y = FOOTER_TOP - 8 * MM;
    for (const line of lines) {
      for (const part of wrap(line, regular, size, columnWidth - 3 * MM)) {
        page.drawText(part, {
          x: LEFT + index * columnWidth,
          y,
          size,
          font: regular,
          color: MUTED,
        });
        y -= 3 * MM;
      }
    }
  });
}
