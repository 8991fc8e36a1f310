import { lazySchema } from './lazy-schema';
import { z } from './zod-german';

/** How long the link to the new address confirms it. */
export const EMAIL_CONFIRM_HOURS = 24;
/** How long the old address's link takes a change back. */
export const EMAIL_REVOKE_DAYS = 30;

export const EmailChangeMessages = {
  passwordLabel: 'Aktuelles Passwort',
  passwordHint: 'Zum Ändern der E-Mail-Adresse brauchen wir zur Sicherheit Ihr aktuelles Passwort.',
  passwordMissing: 'Bitte geben Sie Ihr aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.',
  passwordWrong: 'Das Passwort ist nicht korrekt.',
  pending: (email: string) =>
    `Ihre neue E-Mail-Adresse ${email} ist noch nicht bestätigt. Bitte öffnen Sie den Link in der E-Mail, die wir an diese Adresse geschickt haben. Bis dahin schreiben wir Ihnen an Ihre bisherige Adresse.`,
  confirmed:
    'Ihre neue E-Mail-Adresse ist bestätigt. Wir schreiben Ihnen ab jetzt an diese Adresse.',
  confirmInvalid:
    'Der Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte geben Sie die neue E-Mail-Adresse im Kundenportal erneut an.',
  revoked:
    'Die Änderung Ihrer E-Mail-Adresse wurde zurückgenommen, und alle Anmeldungen im Kundenportal wurden beendet. Bitte vergeben Sie jetzt über „Passwort vergessen?“ ein neues Passwort: Wer die Änderung angestoßen hat, kannte Ihr Passwort.',
  revokedUnchanged:
    'Ihre E-Mail-Adresse war nicht geändert und bleibt, wie sie ist. Die angefragte Änderung gilt nicht mehr, und alle Anmeldungen im Kundenportal wurden beendet. Bitte vergeben Sie jetzt über „Passwort vergessen?“ ein neues Passwort: Wer die Änderung angestoßen hat, kannte Ihr Passwort.',
  revokeInvalid: 'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet.',
  /** A link opened without its token: a mail program or a copy cut it short. */
  confirmLinkIncomplete:
    'Der Bestätigungslink ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail an Ihre neue Adresse vollständig, oder kopieren Sie ihn ganz in die Adresszeile.',
  revokeLinkIncomplete:
    'Der Link zum Zurücknehmen der Änderung ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail an Ihre bisherige Adresse vollständig, oder kopieren Sie ihn ganz in die Adresszeile.',
  linkFailed:
    'Beim Bearbeiten des Links ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
} as const;

/** GET /anschlussnutzer/emailAenderung: the new address waiting for its confirmation. */
export const PendingEmailChangeSchema = lazySchema(() =>
  z.object({ neueEmail: z.string().nullable() }),
);

/** The answer of the two mail links' calls. */
export const EmailLinkAnswerSchema = lazySchema(() => z.object({ nachricht: z.string() }));
