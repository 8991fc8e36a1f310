import { IMPORT_KIND_NAMES, type ImportKind } from '@kundenportal/contract';
import type { ApiOperation, ApiOperations } from './lib/openapi';

/** The areas of the operator interface, in the document's order. */
export const OPERATOR_API_TAGS = {
  Dokument: 'Dieses Dokument.',
  Änderungen: 'Der Feed der Änderungen der Kundinnen und Kunden (Bereich feed).',
  Import: 'Stammdaten, Dokumente und Zeitreihen importieren (Bereich import).',
  Sicherung: 'Die Datenbank sichern (Bereich backup).',
} as const;

type Tag = keyof typeof OPERATOR_API_TAGS;
const op = (tag: Tag, operationId: string, summary: string): ApiOperation => ({
  operationId,
  summary,
  tag,
});

/** Each kind's operation: `stammdatenImportierenVertraege` reads worse than this. */
const IMPORTS: Readonly<Record<ImportKind, [operationId: string, summary: string]>> = {
  geschaeftspartner: ['geschaeftspartnerImportieren', 'Geschäftspartner importieren'],
  vertraege: ['vertraegeImportieren', 'Verträge importieren'],
  preisblaetter: ['preisblaetterImportieren', 'Preisblätter importieren'],
  zaehler: ['zaehlerImportieren', 'Zähler importieren'],
  ablesungen: ['ablesungenImportieren', 'Ablesungen importieren'],
  dokumente: ['dokumenteImportieren', 'Dokumente importieren'],
  rechnungsadressen: ['rechnungsadressenImportieren', 'Rechnungsadressen importieren'],
  bankverbindungen: ['bankverbindungenImportieren', 'Bankverbindungen importieren'],
};

/** Every route of the operator port's /openapi.json. */
export const OPERATOR_API_OPERATIONS: ApiOperations = {
  'GET /openapi.json': op('Dokument', 'apiDokumentLesen', 'Dieses OpenAPI-Dokument'),
  'GET /aenderungen': op('Änderungen', 'aenderungenLesen', 'Die Änderungen seit einem Cursor'),
  'GET /aenderungen/:id/foto': op(
    'Änderungen',
    'aenderungsFotoLesen',
    'Das Foto einer erfassten Ablesung',
  ),
  ...Object.fromEntries(
    IMPORT_KIND_NAMES.map((kind) => {
      const [operationId, summary] = IMPORTS[kind];
      return [`PUT /import/${kind}`, op('Import', operationId, summary)];
    }),
  ),
  'PUT /import/energiemengen/:vertragsnummer': op(
    'Import',
    'energiemengenImportieren',
    'Die Energiemengen eines Vertrags importieren',
  ),
  'PUT /import/preise': op('Import', 'preiseImportieren', 'Die dynamischen Preise importieren'),
  'POST /backup': op('Sicherung', 'datenbankSichern', 'Die Datenbank sichern'),
};
