import {
  meterChannelName,
  readingFormSchema,
  type ReadingFormValues,
} from '@kundenportal/contract';
import type { MeterChoice } from './meter-choice';

const list = (labels: string[]) => labels.join(', ');

/**
 * Why the reading's submit is disabled, named by the labels the customer sees: empty fields as
 * missing, filled ones as to be checked. The schema is the form's resolver's, so the text and
 * the disabled submit never disagree. (Written here until the forms' shared helper exists.)
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
  const result = readingFormSchema(today, choice).safeParse(values);
  const problems = new Map<string, boolean>();
  if (!result.success)
    for (const issue of result.error.issues) {
      const [label, empty] = labelOf(issue.path);
      problems.set(label, empty);
    }
  if (photoProblem) problems.set('Foto', false);
  const missing = [...problems].filter(([, empty]) => empty).map(([label]) => label);
  const toCheck = [...problems].filter(([, empty]) => !empty).map(([label]) => label);
  const texts = [
    missing.length > 0 && `Es fehlt noch: ${list(missing)}.`,
    toCheck.length > 0 && `Bitte prüfen Sie: ${list(toCheck)}.`,
  ].filter(Boolean);
  return texts.length > 0 ? texts.join(' ') : undefined;
}
