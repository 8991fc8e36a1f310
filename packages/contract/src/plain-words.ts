/**
 * Short explanations shown beside the terms of the energy trade that a screen shows as the spec
 * or the supplier's data names them: the term stays, a customer reads what it means beside it.
 * Reasons and kinds of registration are the supplier's free text, so only the known ones have an
 * explanation; any other is shown as it stands.
 */
import type { ReadingSource } from './readings';

/** Beside a reading's Ermittlungsart: an estimated value says that it is one. */
export const READING_SOURCE_EXPLANATIONS: Readonly<Partial<Record<ReadingSource, string>>> = {
  ERSATZWERT: '(geschätzt)',
};

const ABLESEGRUND_EXPLANATIONS: Readonly<Record<string, string>> = {
  Turnusablesung: 'Die regelmäßige Ablesung für Ihre Jahresabrechnung.',
  Zwischenablesung: 'Eine Ablesung zwischen zwei Jahresabrechnungen, etwa bei einer Preisänderung.',
};

const ANMELDUNGSART_EXPLANATIONS: Readonly<Record<string, string>> = {
  Lieferantenwechsel: 'Sie sind von Ihrem bisherigen Anbieter zu uns gewechselt.',
};

const known = (explanations: Readonly<Record<string, string>>, term: string | null) =>
  term !== null && Object.hasOwn(explanations, term.trim()) ? explanations[term.trim()] : undefined;

/** What a reading's reason ("Turnusablesung") means, if it is one the portal knows. */
export const ablesegrundExplanation = (ablesegrund: string | null) =>
  known(ABLESEGRUND_EXPLANATIONS, ablesegrund);

/** What a contract's kind of registration ("Lieferantenwechsel") means, if known. */
export const anmeldungsartExplanation = (anmeldungsart: string | null) =>
  known(ANMELDUNGSART_EXPLANATIONS, anmeldungsart);
