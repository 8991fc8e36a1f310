import {
  ImportKinds,
  importRecordKey,
  importRefusalMessage,
  type ImportKind,
  type ImportRecord,
  type ImportRefusal,
  type ImportResult,
} from '@kundenportal/contract';
import type { ZodError } from 'zod';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { eventLoopTurn } from '../../lib/event-loop-turn';
import { importBankverbindung, importDokument, importRechnungsadresse } from './customer-rows';
import { importAblesung, importZaehler } from './meters';
import { importGeschaeftspartner, importPreisblatt, importVertrag } from './partners';
import { RecordRefusal, type Outcome } from './repo';

type Importer<K extends ImportKind> = (
  executor: Executor,
  record: ImportRecord<K>,
) => Promise<Outcome>;

const IMPORTERS: { [K in ImportKind]: Importer<K> } = {
  geschaeftspartner: importGeschaeftspartner,
  vertraege: importVertrag,
  preisblaetter: importPreisblatt,
  zaehler: importZaehler,
  ablesungen: importAblesung,
  dokumente: importDokument,
  rechnungsadressen: importRechnungsadresse,
  bankverbindungen: importBankverbindung,
};

const ImportMessages = {
  concurrent:
    'Der Datensatz wurde gleichzeitig von einem anderen Import geschrieben. Bitte senden Sie ihn erneut.',
} as const;

/** The database, or a transaction in which each record gets a savepoint of its own. */
export type Transactional = Executor & Pick<Database, 'transaction'>;

/** A record refused by its schema or the rules, with what the answer says of it. */
class ImportRefusalError extends Error {
  constructor(readonly refusal: ImportRefusal) {
    super(refusal.message);
    this.name = 'ImportRefusalError';
  }
}

function refusal(
  kind: ImportKind,
  index: number,
  input: unknown,
  felder: Record<string, string>,
): ImportRefusal {
  const schluessel = importRecordKey(kind, input);
  const [feld, message] = Object.entries(felder)[0] ?? [undefined, ''];
  return {
    index,
    schluessel,
    message: importRefusalMessage(index, schluessel, feld, message),
    felder,
  };
}

function schemaFelder(error: ZodError): Record<string, string> {
  const felder: Record<string, string> = {};
  for (const issue of error.issues) felder[issue.path.join('.') || 'datensatz'] ??= issue.message;
  return felder;
}

/**
 * One record of a kind: checked by its schema and the rules, then written in a transaction of
 * its own (a savepoint within the caller's), so that a refused record leaves nothing behind
 * and the others of its request stand. Throws ImportRefusalError for a refused record.
 */
export async function importRecord(
  db: Transactional,
  kind: ImportKind,
  input: unknown,
  index = 0,
): Promise<Outcome> {
  const parsed = ImportKinds[kind].schema.safeParse(input);
  if (!parsed.success)
    throw new ImportRefusalError(refusal(kind, index, input, schemaFelder(parsed.error)));
  const importer = IMPORTERS[kind] as Importer<ImportKind>;
  const write = () => db.transaction((tx) => importer(tx, parsed.data as never));
  try {
    try {
      return await write();
    } catch (error) {
      // Another import created the same key between our look and our insert (it has
      // committed, or the insert would still wait): once more, it is there to be updated.
      if (!isUniqueViolation(error)) throw error;
      return await write();
    }
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ImportRefusalError(
        refusal(kind, index, input, { datensatz: ImportMessages.concurrent }),
      );
    if (!(error instanceof RecordRefusal)) throw error;
    const feld = error.feld ?? 'datensatz';
    throw new ImportRefusalError(refusal(kind, index, input, { [feld]: error.message }));
  }
}

const emptyImportResult = (): ImportResult => ({
  angelegt: 0,
  aktualisiert: 0,
  unveraendert: 0,
  abgelehnt: [],
});

/**
 * Imports records one by one, in order, giving the event loop a turn between two; a technical
 * error (no database) ends the run.
 */
export async function importRecords(
  db: Transactional,
  kind: ImportKind,
  records: Iterable<unknown> | AsyncIterable<unknown>,
  onProgress?: (done: number) => void,
): Promise<ImportResult> {
  const result = emptyImportResult();
  let index = 0;
  for await (const record of records) {
    // Between two records the customers' requests are read and their queries queue before
    // the next record's (lib/event-loop-turn.ts): one record's transaction is all they wait.
    if (index > 0) await eventLoopTurn();
    try {
      result[await importRecord(db, kind, record, index)]++;
    } catch (error) {
      if (!(error instanceof ImportRefusalError)) throw error;
      result.abgelehnt.push(error.refusal);
    }
    index++;
    onProgress?.(index);
  }
  return result;
}

export function createImportService(db: Database) {
  return {
    importRecords: (kind: ImportKind, records: Iterable<unknown> | AsyncIterable<unknown>) =>
      importRecords(db, kind, records),
  };
}
export type ImportService = ReturnType<typeof createImportService>;
