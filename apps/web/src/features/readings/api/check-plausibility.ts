import { PlausibilitySchema, plausibilityQuery } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

/** The server compares the proposed values with the meter's history; it never refuses. */
export function checkPlausibility(
  contractId: number,
  input: { ablesedatum: string; zaehlernummer: string; ablesewerte: Record<string, number> },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams(plausibilityQuery(input)).toString();
  return apiGet(
    `/vertrag/${contractId}/ablesungen/plausibilisiere?${query}`,
    PlausibilitySchema,
    signal,
  );
}
