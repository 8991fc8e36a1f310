import { useMemo } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { missingFieldsText } from '@kundenportal/contract';

/** The form's fields in screen order, each with its visible label (without "(optional)"). */
export type FieldLabels<T extends FieldValues> = Partial<Record<keyof T & string, string>>;

export interface FormGaps {
  /** Nothing typed or chosen in any labelled field: spec §2.5 "Das Formular ist leer." */
  empty: boolean;
  /** Why the submit is disabled, for `FormActions`' `missing`; undefined when nothing is. */
  missing: string | undefined;
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '');

/**
 * What the form's own schema still refuses, named by the labels the customer sees: empty fields
 * as missing, filled ones as to be checked (contract `missingFieldsText`). The schema is the one
 * the resolver uses, so the text and the disabled submit never disagree.
 */
export function formGaps<T extends FieldValues>(
  schema: z.ZodType,
  values: Partial<T>,
  labels: FieldLabels<T>,
): FormGaps {
  const named = Object.entries(labels) as [keyof T & string, string][];
  const result = schema.safeParse(values);
  const refusedFields = new Set(
    result.success ? [] : result.error.issues.map((issue) => String(issue.path[0] ?? '')),
  );
  const refused = named.filter(([field]) => refusedFields.has(field));
  return {
    empty: named.every(([field]) => isBlank(values[field])),
    missing: missingFieldsText(
      refused.filter(([field]) => isBlank(values[field])).map(([, label]) => label),
      refused.filter(([field]) => !isBlank(values[field])).map(([, label]) => label),
    ),
  };
}

/** `formGaps` of the form's current values, computed again as the customer types. */
export function useFormGaps<T extends FieldValues, Context, Output>(
  control: Control<T, Context, Output>,
  schema: z.ZodType,
  labels: FieldLabels<T>,
): FormGaps {
  const values = useWatch({ control }) as Partial<T>;
  return useMemo(() => formGaps(schema, values, labels), [schema, values, labels]);
}
