import { z } from './zod-german';
import { IsoDateTimeSchema } from './common';

export const DocumentSchema = z.object({
  id: z.number().int(),
  dateiname: z.string(),
  kategorie: z.string(),
  beschreibung: z.string(),
  vertragId: z.number().int().nullable(),
  erstellzeitpunkt: IsoDateTimeSchema,
});
export type Document = z.infer<typeof DocumentSchema>;
export const DocumentListSchema = z.array(DocumentSchema);
export const DOCUMENTS_FAILED_MESSAGE =
  'Die Dokumente konnten aus unbekannten Gründen nicht geladen werden.';
