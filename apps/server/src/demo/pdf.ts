import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** A one-page A4 letter with a heading and lines of text: the demo's real PDF documents. */
export async function letterPdf(input: {
  absender: string;
  empfaenger: string[];
  titel: string;
  zeilen: string[];
  datum: string;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.titel);
  pdf.setAuthor(input.absender);
  pdf.setLanguage('de-DE');
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (text: string, size = 11, font = regular, gap = 16) => {
    page.drawText(text, { x: 60, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= gap;
  };
  write(input.absender, 9, regular, 30);
  for (const line of input.empfaenger) write(line);
  y -= 30;
  write(input.datum, 11, regular, 30);
  write(input.titel, 15, bold, 28);
  for (const line of input.zeilen) write(line);
  return Buffer.from(await pdf.save());
}
