import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Where a server field path lands on the form, where the contract's name and the form's differ:
 * a map of paths (`{ zaehler: 'zaehlernummer' }`) or a function, which receives the path in
 * react-hook-form's dotted form (`werte[0]` arrives as `werte.0`; answer `werte.0.wert`).
 */
export type ServerFieldNames<T extends FieldValues> =
  Readonly<Record<string, Path<T>>> | ((serverField: string) => Path<T> | undefined);

/** `werte[0].wert` as react-hook-form names it: `werte.0.wert`. */
const dotted = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');

/**
 * The one way a refusal reaches the fields: a 400's `felder` (spec §8: the server checks the
 * same schema as the form) are set on the form fields of the same name, the first one focused.
 * A field the form does not hold is skipped. Answers whether at least one message landed on a
 * field; otherwise the caller shows `errorMessage(error, fallback)` in an Alert.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  fieldNames?: ServerFieldNames<T>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const translate = (serverField: string): Path<T> | undefined => {
    if (typeof fieldNames === 'function') return fieldNames(dotted(serverField));
    return fieldNames?.[serverField] ?? fieldNames?.[dotted(serverField)];
  };
  let applied = 0;
  for (const [serverField, message] of Object.entries(error.felder)) {
    const field = translate(serverField) ?? (dotted(serverField) as Path<T>);
    if (form.getValues(field) === undefined) continue;
    form.setError(field, { type: 'server', message }, { shouldFocus: applied === 0 });
    applied += 1;
  }
  return applied > 0;
}

/**
 * The message a field shows: the server's at once, the schema's when the spec's display timing
 * (the contract's display-timing.ts) says so.
 */
export function shownError(error: FieldError | undefined, shows: boolean): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' || shows ? error.message : undefined;
}
