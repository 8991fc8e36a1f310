/**
 * Spec §8.6: the texts of a contract's screens whose data did not come. A module of their own,
 * free of zod: a route's error component shows them, and it lives in the app's entry so that it
 * can show when the network failed, where a chunk of its own would not load either.
 */
export const CONTRACT_LOAD_FAILED_MESSAGE = 'Beim Laden des Vertrags ist ein Fehler aufgetreten.';
/** Spec §8.6: a contract's card in the overview, whose master data did not come. */
export const CONTRACT_CARD_FAILED_MESSAGE = 'Stammdaten zum Vertrag konnten nicht geladen werden.';
export const MASTER_DATA_FAILED_MESSAGE =
  'Beim Laden der Vertragsstammdaten ist ein unbekannter Fehler aufgetreten.';
export const TARIFF_HISTORY_FAILED_MESSAGE =
  'Es ist ein Fehler bei Laden der Tarifhistorie aufgetreten.';
export const TARIFF_HISTORY_CONTRACT_FAILED_MESSAGE =
  'Es ist ein Fehler bei Laden des Vertrags aufgetreten.';
