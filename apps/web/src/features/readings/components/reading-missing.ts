import {
  meterChannelName,
  missingFieldsText,
  type ReadingFormValues,
} from '@kundenportal/contract';
import type { MeterChoice } from './meter-choice';
import { readingSchemaFor } from './reading-schema';

/**
 * Why the reading's submit is disabled, named by the labels the customer sees: empty fields as
 * missing, filled ones as to be checked. The schema is the form's resolver's, so the text and
 * the disabled submit never disagree. Not `lib/missing-fields`' `formGaps`: a reading's
 * registers are one array field whose entries each carry their own label, and the photo's problem
 * comes from reading the file, not from the schema; the text is the same `missingFieldsText`.
 */
export function readingMissing(
  today: string,
  choice: MeterChoice | undefined,
  values: ReadingFormValues,
  photoProblem: boolean,
): string | undefined {
  const kanaele = choice?.meter.kanaele ?? [];
  const labelOf = (path: PropertyKey[]): [label: string, empty: boolean] => {
    const [field, index] = path;
    if (field === 'zaehlernummer') return ['Zähler', values.zaehlernummer === ''];
    if (field === 'ablesedatum') return ['Ablesedatum', values.ablesedatum === ''];
    if (field === 'ablesewerte') {
      const kanal = kanaele[Number(index)];
      const label =
        kanal && kanaele.length > 1 ? meterChannelName(kanal.obiskennzahl).name : 'Zählerstand';
      return [label, (values.ablesewerte[Number(index)] ?? '').trim() === ''];
    }
    return ['Foto', false];
  };
  const result = readingSchemaFor(today, choice).safeParse(values);
  const problems = new Map<string, boolean>();
  if (!result.success)
    for (const issue of result.error.issues) {
      const [label, empty] = labelOf(issue.path);
      problems.set(label, empty);
    }
  if (photoProblem) problems.set('Foto', false);
  return missingFieldsText(
    [...problems].filter(([, empty]) => empty).map(([label]) => label),
    [...problems].filter(([, empty]) => !empty).map(([label]) => label),
  );
}
