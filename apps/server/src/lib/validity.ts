import { addDays } from '@kundenportal/contract';
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

interface Validity {
  id: number;
  gueltigVon: string;
  gueltigBis: string | null;
}

/** The calendar day before a YYYY-MM-DD day. */
export const dayBefore = (day: string): string => addDays(day, -1);

/**
 * Where a new row valid from `from` fits into the existing rows (spec §4.3): the row valid on
 * that day ends the day before; the new row ends the day before the next later row starts, so
 * that rows never overlap. A row starting on the same day is a conflict: nothing is
 * overwritten.
 */
export function planReplacement<T extends Validity>(
  rows: T[],
  from: string,
): { conflict: T | undefined; replaced: T | undefined; newUntil: string | null } {
  const conflict = rows.find((row) => row.gueltigVon === from);
  const replaced = rows.find((row) => row.gueltigVon < from && isValidOn(row, from));
  const later = rows
    .filter((row) => row.gueltigVon > from)
    .map((row) => row.gueltigVon)
    .sort()[0];
  return { conflict, replaced, newUntil: later ? dayBefore(later) : null };
}

export type ValidityAction = 'loeschen' | 'beenden';

/** Spec §4.3: a row not yet valid may be deleted; a row valid today may be ended. */
export function allowedAction(row: Validity, today: string): ValidityAction | null {
  if (row.gueltigVon > today) return 'loeschen';
  if (row.gueltigBis === null || row.gueltigBis > today) return 'beenden';
  return null;
}
