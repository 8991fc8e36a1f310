import { useMutation } from '@tanstack/react-query';
import type { Document } from '@kundenportal/contract';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /dokument/daten/{id}: the bytes, saved under the file name the server gives. */
export async function downloadDocument(document: Document) {
  const { blob, filename } = await apiDownload(
    `/dokument/daten/${document.id}`,
    document.dateiname,
  );
  saveFile(blob, filename);
}

export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });
