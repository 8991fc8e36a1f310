import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateTimeSchema } from './common';
import { formatDate, formatFileSize } from './format';

export const DocumentSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    dateiname: z.string(),
    kategorie: z.string(),
    beschreibung: z.string(),
    vertragId: z.number().int().nullable(),
    erstellzeitpunkt: IsoDateTimeSchema,
    /** The file's media type and size in bytes, so that the list can say what a download brings. */
    contentType: z.string(),
    groesse: z.number().int().nonnegative(),
  }),
);
export type Document = z.infer<typeof DocumentSchema>;
export const DocumentListSchema = lazySchema(() => z.array(DocumentSchema));
export const DOCUMENTS_FAILED_MESSAGE =
  'Die Dokumente konnten aus unbekannten Gründen nicht geladen werden.';

const FILE_TYPES: Record<string, string> = { 'application/pdf': 'PDF' };

/** What a download brings, in one line: "PDF · 84 kB · 14.01.2026". */
export function documentFileText(document: Document): string {
  const type =
    FILE_TYPES[document.contentType] ??
    (document.contentType.split('/')[1] ?? document.contentType).toUpperCase();
  return [type, formatFileSize(document.groesse), formatDate(document.erstellzeitpunkt)].join(
    ' · ',
  );
}

/** The category of a bill, as the supplier files it. */
const BILL_CATEGORY = 'Rechnung';
export const NO_FINAL_BILL_TEXT =
  'Für diesen Vertrag liegt im Kundenportal keine Schlussrechnung vor.';

/** An ended contract's final bill: the newest bill filed for it, if there is one. */
export function finalBillOf(documents: readonly Document[], contractId: number) {
  let newest: Document | undefined;
  for (const document of documents) {
    if (document.vertragId !== contractId || document.kategorie !== BILL_CATEGORY) continue;
    if (!newest || document.erstellzeitpunkt > newest.erstellzeitpunkt) newest = document;
  }
  return newest;
}
