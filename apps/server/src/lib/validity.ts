import { notFound } from './http-error';

/** Rows valid from a day through an optional last day (both YYYY-MM-DD, inclusive). */
export function isValidOn(
  row: { gueltigVon: string; gueltigBis: string | null },
  day: string,
): boolean {
  return row.gueltigVon <= day && (row.gueltigBis === null || row.gueltigBis >= day);
}

/** The entry valid on a day, or a 404 with the given German message. */
export function validOnOrNotFound<T extends { gueltigVon: string; gueltigBis: string | null }>(
  rows: T[],
  day: string,
  message: string,
): T {
  const valid = rows.find((row) => isValidOn(row, day));
  if (!valid) throw notFound(message);
  return valid;
}
