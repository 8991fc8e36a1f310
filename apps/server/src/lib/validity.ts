/** Rows valid from a day through an optional last day (both YYYY-MM-DD, inclusive). */
export function isValidOn(
  row: { gueltigVon: string; gueltigBis: string | null },
  day: string,
): boolean {
  return row.gueltigVon <= day && (row.gueltigBis === null || row.gueltigBis >= day);
}
