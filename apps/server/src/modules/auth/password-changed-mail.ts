import { formatDateTime, kundennummerText } from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import { composeMail, greetingOf } from '../../mail/compose';

/** Told after every password change and completed reset: a stranger's change does not go unseen. */
export function passwordChangedMail(
  config: AppConfig,
  customer: Parameters<typeof greetingOf>[0] & { kundennummer: string },
  to: string,
  endedEmailChange: boolean,
) {
  return composeMail(config.mandant, {
    kind: 'PASSWORT_GEAENDERT',
    to,
    subject: 'Ihr Passwort wurde geändert',
    greeting: greetingOf(customer),
    paragraphs: [
      `das Passwort für Ihre Kundennummer ${kundennummerText(config.mandant, customer.kundennummer)} im Kundenportal der ${config.mandant.name} wurde am ${formatDateTime(config.now())} geändert. Alle Anmeldungen mit dem bisherigen Passwort wurden beendet.`,
      ...(endedEmailChange
        ? [
            'Eine noch nicht bestätigte Änderung Ihrer E-Mail-Adresse wurde damit ebenfalls beendet: Ihre E-Mail-Adresse bleibt, wie sie ist.',
          ]
        : []),
      `Falls Sie das nicht waren, vergeben Sie bitte sofort über „Passwort vergessen?“ auf der Anmeldeseite ein neues Passwort und wenden Sie sich an unseren Kundenservice: ${config.mandant.serviceEmail}.`,
    ],
  });
}
