import type { Document } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import * as repo from './repo';

export const DOCUMENT_NOT_FOUND_MESSAGE = 'Das Dokument wurde nicht gefunden.';

export function createDocumentService(db: Database) {
  const toDocument = (row: Awaited<ReturnType<typeof repo.listDocuments>>[number]): Document => ({
    ...row,
    erstellzeitpunkt: row.erstellzeitpunkt.toISOString(),
  });
  return {
    async list(customerId: number, contractId?: number): Promise<Document[]> {
      return (await repo.listDocuments(db, customerId, contractId)).map(toDocument);
    },
    async file(customerId: number, documentId: number) {
      const file = await repo.findDocumentFile(db, customerId, documentId);
      if (!file) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      return file;
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
