/** The fixed texts of spec §8 that more than one screen or the server uses. */
export const Messages = {
  unexpectedTechnicalError:
    'Es ist ein unerwarteter technischer Fehler aufgetreten, bitte kontaktieren Sie den Kundenservice.',
  loginFailed: 'Die Anmeldung ist fehlgeschlagen.',
  noPortalAccess: 'Zu dieser Kundennummer existiert kein Zugang zum Kundenportal.',
  unknownError: 'Es ist ein unbekannter Fehler aufgetreten.',
  emptyForm: 'Das Formular ist leer.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  tokenRenewed: 'Token erfolgreich erneuert.',
  tokenNotRenewed: 'Token konnte nicht erneuert werden.',
  passwordResetUnknownCustomer:
    'Entweder ist zu dieser Kundennummer keine E-Mail-Adresse hinterlegt oder die Kundennummer ist uns unbekannt.',
  passwordResetSent:
    'Wir haben eine E-Mail mit einem Link, mit dem Sie Ihr Passwort zurücksetzen können, an die bei uns hinterlegte Adresse verschickt.',
  passwordResetFailed:
    'Bei der Änderung des Passworts ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  passwordResetDone: 'Das Passwort wurde erfolgreich geändert.',
  /** The reset page says at once when its link cannot be used (any more). */
  passwordResetLinkUnusable:
    'Der Link zum Zurücksetzen des Passworts ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.',
} as const;

/** Spec §8.5 and the validity rules of spec §4.3 for billing addresses and bank details. */
export const ValidityMessages = {
  noCurrentAddress: 'Es wurde keine aktuelle Rechnungsadresse bei uns im System gefunden.',
  noCurrentBankDetails: 'Es wurde keine aktuelle Bankverbindung bei uns im System gefunden.',
  actionFailed: 'Die Aktion konnte nicht korrekt ausgeführt werden.',
  addressNotDeleted: 'Die Rechnungsadresse konnte nicht gelöscht werden.',
  addressNotEnded: 'Die Rechnungsadresse konnte nicht beendet werden.',
  bankNotDeleted: 'Die Bankverbindung konnte nicht gelöscht werden.',
  bankNotEnded: 'Die Bankverbindung konnte nicht beendet werden.',
  bankSaveFailed: 'Beim Speichern ist ein Fehler aufgetreten.',
  validFromTooEarly: 'Das Datum „gültig ab“ darf frühestens morgen sein.',
  validFromRequired: 'Bitte wählen Sie das Datum, ab dem die Angaben gelten.',
} as const;
