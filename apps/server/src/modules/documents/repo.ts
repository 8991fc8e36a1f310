import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documents } from '../../db/schema/index';

const listColumns = {
  id: documents.id,
  dateiname: documents.dateiname,
  kategorie: documents.kategorie,
  beschreibung: documents.beschreibung,
  vertragId: documents.contractId,
  erstellzeitpunkt: documents.erstellzeitpunkt,
  contentType: documents.contentType,
  groesse: sql<number>`octet_length(${documents.bytes})`.mapWith(Number),
};

export function listDocuments(executor: Executor, customerId: number, contractId?: number) {
  return executor
    .select(listColumns)
    .from(documents)
    .where(
      and(
        eq(documents.customerId, customerId),
        contractId === undefined ? undefined : eq(documents.contractId, contractId),
      ),
    )
    .orderBy(desc(documents.erstellzeitpunkt));
}

export async function findDocumentFile(executor: Executor, customerId: number, documentId: number) {
  const [file] = await executor
    .select({
      dateiname: documents.dateiname,
      contentType: documents.contentType,
      bytes: documents.bytes,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.customerId, customerId)));
  return file;
}
