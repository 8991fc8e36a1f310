import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { create } from 'fontkit';
import { PDFHexString, PDFName, PDFString, type PDFDocument, type PDFFont } from 'pdf-lib';
import sharp from 'sharp';

/**
 * What PDF/A-2b (ISO 19005-2, level B) asks beyond a plain PDF, written with pdf-lib's own
 * low-level objects: embedded fonts, an XMP packet that says the same as the Info dictionary,
 * an output intent with an ICC profile for the RGB colours, and a file identifier.
 */

const require = createRequire(import.meta.url);
/** pdf-lib does not export the fontkit interface it takes. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type PdfLibFont = ReturnType<Fontkit['create']>;

/**
 * fontkit 2 for pdf-lib, which was written against fontkit 1's streaming subset. Not pdf-lib's
 * own fork (@pdf-lib/fontkit): its subsets write the glyph index in the short form whenever
 * the subset is small, which halves odd offsets, and Arimo's glyphs have odd lengths: most
 * letters came out blank. fontkit 2 keeps the font's own long index.
 *
 * Each file is parsed once per process, not once per document as pdf-lib would (that cost
 * a quarter of a letter's time). A parsed font is only read from; each document makes its own
 * subset.
 */
const parsed = new WeakMap<Uint8Array, PdfLibFont>();
function parse(bytes: Uint8Array): PdfLibFont {
  const font = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('createSubset' in font)) throw new Error('Eine Schriftsammlung statt einer Schrift');
  const forPdfLib = Object.create(font) as typeof font & { createSubset(): unknown };
  forPdfLib.createSubset = () => {
    const subset = font.createSubset();
    return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
  };
  return forPdfLib as unknown as PdfLibFont;
}
const fontkitOnce: Fontkit = {
  create(bytes) {
    const font = parsed.get(bytes) ?? parse(bytes);
    parsed.set(bytes, font);
    return font;
  },
};

/**
 * Arimo (SIL Open Font License) has the widths of Helvetica and Arial, so the letter keeps the
 * layout it had with the unembedded standard font that PDF/A forbids; it covers German and €.
 */
let arimo: { regular: Buffer; bold: Buffer } | undefined;

/**
 * No OpenType shaping: pdf-lib places glyphs by their advance widths alone (no kerning, as with
 * the standard fonts before), German needs no ligature or mark, and shaping every line was most
 * of the time left once the font is parsed. Each glyph is then the one the font maps the
 * character to.
 */
const features = Object.fromEntries(
  [
    ...['rvrn', 'ltra', 'ltrm', 'frac', 'numr', 'dnom', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk'],
    ...['calt', 'clig', 'liga', 'rclt', 'curs', 'kern'],
  ].map((tag) => [tag, false]),
);

/** Regular and bold, embedded as subsets (only the glyphs the letter uses travel). */
export async function embedLetterFonts(
  pdf: PDFDocument,
): Promise<{ regular: PDFFont; bold: PDFFont }> {
  arimo ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf')),
  };
  pdf.registerFontkit(fontkitOnce);
  // A subset's name starts with six capitals and "+" (ISO 32000-1, 9.6.4), one tag per font.
  const [regular, bold] = await Promise.all([
    pdf.embedFont(arimo.regular, { subset: true, features, customName: 'KPAREG+Arimo-Regular' }),
    pdf.embedFont(arimo.bold, { subset: true, features, customName: 'KPABLD+Arimo-Bold' }),
  ]);
  return { regular, bold };
}

/**
 * The sRGB profile libvips builds in (sharp, which the photos already use): a compact ICC v4
 * profile of sRGB IEC 61966-2.1, read once from a one-pixel image that carries it.
 */
let srgbProfile: Promise<Buffer> | undefined;
const loadSrgbProfile = async () => {
  const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .withIccProfile('srgb')
    .png()
    .toBuffer();
  const { icc } = await sharp(pixel).metadata();
  if (!icc) throw new Error('sharp liefert kein sRGB-Profil');
  return icc;
};

export interface PdfAMetadata {
  titel: string;
  autor: string;
  thema: string;
  /** The program that wrote the document: Creator, Producer and xmp:CreatorTool. */
  werkzeug: string;
  sprache: string;
  erstellt: Date;
}

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** XMP's date (ISO 8601, UTC) for the same instant pdf-lib writes into Info as D:…Z. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The XMP packet: each value the one the Info dictionary carries, as PDF/A asks. */
function xmpPacket(meta: PdfAMetadata): string {
  const date = xmpDate(meta.erstellt);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdfaid:part>2</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(meta.titel)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${xml(meta.autor)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xml(meta.thema)}</rdf:li></rdf:Alt></dc:description>
   <dc:language><rdf:Bag><rdf:li>${xml(meta.sprache)}</rdf:li></rdf:Bag></dc:language>
   <xmp:CreatorTool>${xml(meta.werkzeug)}</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <pdf:Producer>${xml(meta.werkzeug)}</pdf:Producer>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * Makes `pdf` a PDF/A-2b document: Info and XMP from the same values, the sRGB output intent
 * under which all of the letter's DeviceRGB colours are meant, and the trailer's /ID from
 * `identity` (what makes this document this one). Call before `save()`, after drawing with
 * fonts from `embedLetterFonts` only.
 */
export async function declarePdfA2b(pdf: PDFDocument, meta: PdfAMetadata, identity: string) {
  pdf.setTitle(meta.titel, { showInWindowTitleBar: true });
  pdf.setAuthor(meta.autor);
  pdf.setSubject(meta.thema);
  pdf.setCreator(meta.werkzeug);
  pdf.setProducer(meta.werkzeug);
  pdf.setLanguage(meta.sprache);
  pdf.setCreationDate(meta.erstellt);
  pdf.setModificationDate(meta.erstellt);

  const { context, catalog } = pdf;
  // Not compressed, so that a reader that knows no PDF still finds the packet.
  const metadata = context.stream(new TextEncoder().encode(xmpPacket(meta)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));

  srgbProfile ??= loadSrgbProfile();
  const profile = context.flateStream(await srgbProfile, { N: 3 });
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: context.register(profile),
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));

  const id = PDFHexString.of(createHash('md5').update(identity).digest('hex'));
  context.trailerInfo.ID = context.obj([id, id]);
}
