import { useMutation } from '@tanstack/react-query';
import type { Reading } from '@kundenportal/contract';
import { apiDownload } from '../../../lib/api-client';

/** GET /vertrag/{id}/ablesungen/foto: the photo handed over with a reading, as the server keeps it. */
export async function fetchReadingPhoto(contractId: number, reading: Reading) {
  const query = new URLSearchParams({
    zaehlernummer: reading.zaehlernummer,
    ablesedatum: reading.ablesedatum,
  });
  return apiDownload(
    `/vertrag/${contractId}/ablesungen/foto?${query}`,
    `Zaehlerfoto_${reading.ablesedatum}.jpg`,
  );
}

export const useReadingPhoto = (contractId: number) =>
  useMutation({ mutationFn: (reading: Reading) => fetchReadingPhoto(contractId, reading) });
