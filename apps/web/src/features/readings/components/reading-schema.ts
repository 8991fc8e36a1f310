import { readingFormSchema } from '@kundenportal/contract';
import type { MeterChoice } from './meter-choice';

let schemasDay = '';
const schemas = new Map<string, ReturnType<typeof readingFormSchema>>();

/**
 * The reading form's schema for a meter on a day, built once for each: the form checks with it
 * on every change and names what is missing on every render, and building zod's schema each
 * time was a fifth of the form's first drawing on a phone. Keyed by value, since the page makes
 * its choices anew on every render; only the day's schemas are kept.
 */
export function readingSchemaFor(today: string, target: MeterChoice | undefined) {
  if (today !== schemasDay) {
    schemas.clear();
    schemasDay = today;
  }
  const key = JSON.stringify(target ?? null);
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = readingFormSchema(today, target)));
  return schema;
}
