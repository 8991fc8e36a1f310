import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';

/**
 * Names that make a PDF act when opened or clicked, or carry other files: scripts, launch and
 * open actions, additional actions (a form field's scripts among them), embedded files, rich
 * media, XFA forms. Compared decoded, so that `/J#61vaScript` is `/JavaScript`.
 */
const ACTIVE = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'OpenAction',
  'AA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);

function active(object: PDFObject | undefined, seen: Set<PDFObject>): boolean {
  if (!object || seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFName) return ACTIVE.has(object.decodeText());
  if (object instanceof PDFStream) return active(object.dict, seen);
  if (object instanceof PDFArray) return object.asArray().some((item) => active(item, seen));
  if (object instanceof PDFDict)
    return [...object.entries()].some(
      ([key, value]) => ACTIVE.has(key.decodeText()) || active(value, seen),
    );
  return false;
}

/**
 * Whether the PDF can be read and holds nothing active. Every object is parsed, those in object
 * streams too, and its names looked at, not its bytes: a name may be written hex-escaped.
 */
export async function isPassivePdf(bytes: Uint8Array): Promise<boolean> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    return false;
  }
  const { context } = document;
  // pdf-lib reads nearly any bytes as some document: one without its catalog is none
  const root = context.trailerInfo.Root;
  const catalog = root ? context.lookup(root) : undefined;
  if (!(catalog instanceof PDFDict) || catalog.get(PDFName.of('Type')) !== PDFName.of('Catalog'))
    return false;
  const seen = new Set<PDFObject>();
  if (active(catalog, seen)) return false;
  return !context.enumerateIndirectObjects().some(([, object]) => active(object, seen));
}
