import { formatDate } from './format';

interface ValidityRow {
  gueltigVon: string;
  gueltigBis: string | null;
  vertragId: number | null;
}

export type OverviewHint =
  'keine' | 'nurKuenftige' | 'nurVertragsspezifische' | 'auchVertragsspezifische';

/**
 * The info hints of the data overview (spec §2.4) for billing addresses or bank details: none
 * registered, only future ones, only contract-specific ones, also contract-specific ones.
 * Rows that have ended before today do not count.
 */
export function overviewHints(rows: ValidityRow[], today: string): OverviewHint[] {
  const live = rows.filter((row) => row.gueltigBis === null || row.gueltigBis >= today);
  const general = live.filter((row) => row.vertragId === null);
  const specific = live.filter((row) => row.vertragId !== null);
  if (general.length === 0 && specific.length === 0) return ['keine'];
  const hints: OverviewHint[] = [];
  if (general.length > 0 && general.every((row) => row.gueltigVon > today))
    hints.push('nurKuenftige');
  if (specific.length > 0)
    hints.push(general.length === 0 ? 'nurVertragsspezifische' : 'auchVertragsspezifische');
  return hints;
}

/** The first day a general row becomes valid after today, for the "only future" hint. */
export function nextValidFrom(rows: ValidityRow[], today: string): string | undefined {
  return rows
    .filter((row) => row.vertragId === null && row.gueltigVon > today)
    .map((row) => row.gueltigVon)
    .sort()[0];
}

const NOUNS = {
  rechnungsadresse: {
    one: 'Rechnungsadresse',
    many: 'Rechnungsadressen',
    action: 'Rechnungsadresse bearbeiten',
  },
  bankverbindung: {
    one: 'Bankverbindung',
    many: 'Bankverbindungen',
    action: 'Neue Bankverbindung anlegen',
  },
} as const;

export function overviewHintText(
  hint: OverviewHint,
  kind: keyof typeof NOUNS,
  next?: string,
): string {
  const noun = NOUNS[kind];
  switch (hint) {
    // Beside spec §8.5's "Es wurde keine aktuelle … gefunden.": the next step, not the same
    // news twice.
    case 'keine':
      return `Bei uns ist noch keine ${noun.one} hinterlegt. Mit „${noun.action}“ hinterlegen Sie eine.`;
    case 'nurKuenftige':
      return next
        ? `Es sind nur künftige ${noun.many} hinterlegt. Die nächste gilt ab dem ${formatDate(next)}.`
        : `Es sind nur künftige ${noun.many} hinterlegt.`;
    case 'nurVertragsspezifische':
      return `Es sind nur vertragsspezifische ${noun.many} hinterlegt. Sie finden sie bei den jeweiligen Verträgen.`;
    case 'auchVertragsspezifische':
      return `Für einzelne Verträge sind zusätzlich abweichende ${noun.many} hinterlegt. Sie finden sie bei den jeweiligen Verträgen.`;
  }
}
