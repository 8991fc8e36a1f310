import type { ApiOperation, ApiOperations } from './lib/openapi';

/** The areas of the customers' API, in the document's order. */
export const CUSTOMER_API_TAGS = {
  Portal: 'Das Portal selbst: dieses Dokument, Zustand, Variante, Feiertage.',
  Anmeldung: 'Anmelden, abmelden, die Sitzung verlängern, das Passwort ändern oder neu setzen.',
  Kundendaten:
    'Die Daten der Kundin oder des Kunden, Kontaktdaten, die Änderung der E-Mail-Adresse.',
  Kontakt: 'Eine Anfrage an den Kundenservice.',
  Rechnungsadressen: 'Rechnungsadressen der Kundin oder des Kunden und eines Vertrags.',
  Bankverbindungen: 'Bankverbindungen der Kundin oder des Kunden und eines Vertrags.',
  Dokumente: 'Rechnungen und andere Dokumente.',
  Verträge: 'Verträge, Tarife und die Kündigung.',
  Ablesungen: 'Zähler und Zählerstände.',
  'Verbrauch und Preise': 'Verbräuche, Verbrauchshistorie und Preiszeitreihen.',
} as const;

type Tag = keyof typeof CUSTOMER_API_TAGS;
const op = (tag: Tag, operationId: string, summary: string): ApiOperation => ({
  operationId,
  summary,
  tag,
});

/** Every route of /api/openapi.json: what a generated client calls it and what it does. */
export const CUSTOMER_API_OPERATIONS: ApiOperations = {
  'GET /api/openapi.json': op('Portal', 'apiDokumentLesen', 'Dieses OpenAPI-Dokument'),
  'GET /api/health': op('Portal', 'zustandPruefen', 'Läuft der Server?'),
  'GET /api/ready': op('Portal', 'bereitschaftPruefen', 'Ist der Server bereit für Aufrufe?'),
  'GET /api/mandant': op('Portal', 'mandantLesen', 'Die Variante des Portals: Name, Farben, Texte'),
  'GET /api/feiertage': op('Portal', 'feiertageLesen', 'Die gesetzlichen Feiertage der Jahre'),

  'POST /api/anschlussnutzer/login': op('Anmeldung', 'anmelden', 'Anmelden'),
  'PUT /api/anschlussnutzer/passwort_aendern': op(
    'Anmeldung',
    'passwortAendern',
    'Das Passwort ändern',
  ),
  'DELETE /api/anschlussnutzer/logout': op('Anmeldung', 'abmelden', 'Abmelden'),
  'GET /api/token/refresh': op('Anmeldung', 'sitzungVerlaengern', 'Die Sitzung verlängern'),
  'POST /api/anschlussnutzer/passwort_reset': op(
    'Anmeldung',
    'passwortZuruecksetzen',
    'Einen Link zum Zurücksetzen des Passworts mailen',
  ),
  'POST /api/anschlussnutzer/passwort_reset_pruefen': op(
    'Anmeldung',
    'passwortLinkPruefen',
    'Prüfen, ob der Link zum Zurücksetzen noch gilt',
  ),
  'POST /api/anschlussnutzer/passwort_reset_abschluss': op(
    'Anmeldung',
    'passwortNeuSetzen',
    'Mit dem Link ein neues Passwort setzen',
  ),

  'GET /api/anschlussnutzer': op(
    'Kundendaten',
    'kundeLesen',
    'Die Daten der Kundin oder des Kunden',
  ),
  'PUT /api/anschlussnutzer/kontaktdatenAktualisieren': op(
    'Kundendaten',
    'kontaktdatenAendern',
    'Die Kontaktdaten ändern',
  ),
  'GET /api/anschlussnutzer/emailAenderung': op(
    'Kundendaten',
    'emailAenderungLesen',
    'Die angefragte, noch nicht bestätigte E-Mail-Adresse',
  ),
  'POST /api/anschlussnutzer/email_bestaetigen': op(
    'Kundendaten',
    'emailBestaetigen',
    'Die neue E-Mail-Adresse mit dem Link bestätigen',
  ),
  'POST /api/anschlussnutzer/email_widerrufen': op(
    'Kundendaten',
    'emailAenderungWiderrufen',
    'Die Änderung der E-Mail-Adresse mit dem Link widerrufen',
  ),
  'GET /api/uebersicht': op(
    'Kundendaten',
    'uebersichtLesen',
    'Die Startseite: Verträge und Tarife',
  ),

  'POST /api/anschlussnutzer/kontaktanfrage': op(
    'Kontakt',
    'kontaktanfrageSenden',
    'Eine Kontaktanfrage an den Kundenservice senden',
  ),

  'GET /api/anschlussnutzer/aktuelleRechnungsadresse': op(
    'Rechnungsadressen',
    'aktuelleRechnungsadresseLesen',
    'Die heute gültige Rechnungsadresse',
  ),
  'GET /api/anschlussnutzer/rechnungsadressen': op(
    'Rechnungsadressen',
    'rechnungsadressenLesen',
    'Alle Rechnungsadressen',
  ),
  'POST /api/anschlussnutzer/rechnungsadresseAnlegen': op(
    'Rechnungsadressen',
    'rechnungsadresseAnlegen',
    'Eine neue Rechnungsadresse anlegen',
  ),
  'GET /api/vertrag/:id/rechnungsadresse/aktuelle': op(
    'Rechnungsadressen',
    'aktuelleVertragsRechnungsadresseLesen',
    'Die heute gültige Rechnungsadresse des Vertrags',
  ),
  'GET /api/vertrag/:id/rechnungsadresse/alle': op(
    'Rechnungsadressen',
    'vertragsRechnungsadressenLesen',
    'Alle Rechnungsadressen des Vertrags',
  ),
  'POST /api/vertrag/:id/rechnungsadresse/anlegen': op(
    'Rechnungsadressen',
    'vertragsRechnungsadresseAnlegen',
    'Eine neue Rechnungsadresse für den Vertrag anlegen',
  ),
  'DELETE /api/vertrag/:id/rechnungsadresse/loeschen/:rowId': op(
    'Rechnungsadressen',
    'vertragsRechnungsadresseLoeschen',
    'Eine künftige Rechnungsadresse des Vertrags löschen',
  ),
  'DELETE /api/vertrag/:id/rechnungsadresse/beenden/:rowId': op(
    'Rechnungsadressen',
    'vertragsRechnungsadresseBeenden',
    'Eine gültige Rechnungsadresse des Vertrags beenden',
  ),

  'GET /api/anschlussnutzer/aktuelleBankverbindung': op(
    'Bankverbindungen',
    'aktuelleBankverbindungLesen',
    'Die heute gültige Bankverbindung',
  ),
  'GET /api/anschlussnutzer/bankverbindungen': op(
    'Bankverbindungen',
    'bankverbindungenLesen',
    'Alle Bankverbindungen',
  ),
  'POST /api/anschlussnutzer/bankverbindungAnlegen': op(
    'Bankverbindungen',
    'bankverbindungAnlegen',
    'Eine neue Bankverbindung anlegen',
  ),
  'GET /api/bankverbindung/pruefe': op('Bankverbindungen', 'ibanPruefen', 'Eine IBAN prüfen'),
  'GET /api/vertrag/:id/bankverbindung/aktuelle': op(
    'Bankverbindungen',
    'aktuelleVertragsBankverbindungLesen',
    'Die heute gültige Bankverbindung des Vertrags',
  ),
  'GET /api/vertrag/:id/bankverbindung/alle': op(
    'Bankverbindungen',
    'vertragsBankverbindungenLesen',
    'Alle Bankverbindungen des Vertrags',
  ),
  'POST /api/vertrag/:id/bankverbindung/anlegen': op(
    'Bankverbindungen',
    'vertragsBankverbindungAnlegen',
    'Eine neue Bankverbindung für den Vertrag anlegen',
  ),
  'DELETE /api/vertrag/:id/bankverbindung/loeschen/:rowId': op(
    'Bankverbindungen',
    'vertragsBankverbindungLoeschen',
    'Eine künftige Bankverbindung des Vertrags löschen',
  ),
  'DELETE /api/vertrag/:id/bankverbindung/beenden/:rowId': op(
    'Bankverbindungen',
    'vertragsBankverbindungBeenden',
    'Eine gültige Bankverbindung des Vertrags beenden',
  ),

  'GET /api/dokument/alle': op('Dokumente', 'dokumenteLesen', 'Alle Dokumente'),
  'GET /api/dokument/:id': op(
    'Dokumente',
    'vertragsDokumenteLesen',
    'Die Dokumente eines Vertrags',
  ),
  'GET /api/dokument/daten/:id': op('Dokumente', 'dokumentHerunterladen', 'Ein Dokument als Datei'),

  'GET /api/vertrag/:id': op('Verträge', 'vertragLesen', 'Ein Vertrag'),
  'POST /api/vertrag/:id/kuendigen': op('Verträge', 'vertragKuendigen', 'Den Vertrag kündigen'),
  'GET /api/vertrag/:id/aktueller_tarif': op(
    'Verträge',
    'aktuellenTarifLesen',
    'Der heute gültige Tarif des Vertrags',
  ),
  'GET /api/vertrag/:id/tarifhistorie': op(
    'Verträge',
    'tarifhistorieLesen',
    'Die früheren, den aktuellen und künftige Tarife des Vertrags',
  ),

  'GET /api/vertrag/:id/zaehler': op('Ablesungen', 'zaehlerLesen', 'Der Zähler des Vertrags'),
  'GET /api/vertrag/:id/ablesungen': op(
    'Ablesungen',
    'ablesungenLesen',
    'Die Ablesungen des Vertrags',
  ),
  'POST /api/vertrag/:id/ablesungen': op(
    'Ablesungen',
    'ablesungErfassen',
    'Einen Zählerstand erfassen, wahlweise mit Foto',
  ),
  'GET /api/vertrag/:id/ablesungen/plausibilisiere': op(
    'Ablesungen',
    'ablesungPlausibilisieren',
    'Prüfen, ob ein Zählerstand plausibel ist',
  ),
  'GET /api/vertrag/:id/ablesungen/foto': op(
    'Ablesungen',
    'ablesungsFotoLesen',
    'Das Foto einer Ablesung',
  ),

  'GET /api/vertrag/:id/verbraeuche': op(
    'Verbrauch und Preise',
    'verbraeucheLesen',
    'Die Verbräuche des Vertrags zwischen zwei Ablesungen',
  ),
  'GET /api/vertrag/:id/historie': op(
    'Verbrauch und Preise',
    'verbrauchshistorieLesen',
    'Verbrauch und Kosten je Stunde, Tag oder Monat',
  ),
  'GET /api/vertrag/:id/preiszeitreihe': op(
    'Verbrauch und Preise',
    'vertragsPreiszeitreiheLesen',
    'Die Preise des Vertrags je Stunde',
  ),
  'GET /api/preiszeitreihe': op(
    'Verbrauch und Preise',
    'preiszeitreiheLesen',
    'Die dynamischen Preise je Stunde',
  ),
};
