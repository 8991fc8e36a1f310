import {
  EMAIL_CONFIRM_HOURS,
  EMAIL_REVOKE_DAYS,
  EmailChangeMessages,
  formatDateTime,
  kundennummerText,
  Paths,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { hashToken, newToken } from '../../lib/tokens';
import { composeMail, greetingOf } from '../../mail/compose';
import type { Mailer } from '../../mail/mailer';
import { recordChange } from '../../db/change-feed';
import { writeAudit } from '../audit/repo';
import { deleteSessionsOfCustomer } from '../auth/repo';
import { endOpenResetTokens } from '../password-reset/repo';
import * as repo from './repo';

interface Holder {
  id: number;
  kundennummer: string;
  email: string | null;
  anrede: string;
  titel: string | null;
  vorname: string | null;
  nachname: string | null;
  firma: string | null;
}

/**
 * A new e-mail address takes effect once it has confirmed itself, and the old address is told,
 * with a link that takes the change back: a borrowed session alone (the password is asked too)
 * cannot move the reset mails to an attacker's address unnoticed.
 */
export function createEmailChangeService(db: Database, config: AppConfig, mailer: Mailer) {
  // The portal's own pages, under the address the reset links use (never the request's Host).
  const linkTo = (path: string, token: string) => {
    const url = new URL(path, config.passwordResetUrl);
    url.searchParams.set('token', token);
    return url.toString();
  };

  return {
    /** Inside the transaction that saves the contact data; the caller checked the password. */
    async request(tx: Executor, holder: Holder, newEmail: string | null, clientAddress: string) {
      const now = config.now();
      const confirm = newToken();
      const revoke = newToken();
      const confirmBy = new Date(now.getTime() + EMAIL_CONFIRM_HOURS * 3_600_000);
      const revokeBy = new Date(now.getTime() + EMAIL_REVOKE_DAYS * 86_400_000);
      // Whoever holds an open revoke link hears of this change too: a change confirmed by the
      // person who made it must not silence the owner's address that it replaced.
      const noticeTo = new Set(await repo.addressesWithOpenRevoke(tx, holder.id, now));
      if (holder.email) noticeTo.add(holder.email);
      if (newEmail !== null) noticeTo.delete(newEmail);
      await repo.endUnconfirmedChanges(tx, holder.id, now);
      await repo.insertEmailChange(tx, {
        customerId: holder.id,
        oldEmail: holder.email,
        // An address taken away has nothing to confirm: it ends at once, and can be taken back.
        newEmail: newEmail ?? '',
        confirmTokenHash: confirm.hash,
        revokeTokenHash: revoke.hash,
        confirmBy,
        revokeBy,
      });
      if (newEmail === null) {
        await repo.confirmByToken(tx, confirm.hash, now);
        await repo.setEmail(tx, holder.id, null);
        await recordChange(
          tx,
          { customerId: holder.id },
          { typ: 'EMAIL_ADRESSE', daten: { anlass: 'ENTFERNT', alt: holder.email, neu: null } },
        );
      } else {
        await mailer.enqueue(
          tx,
          composeMail(config.mandant, {
            kind: 'EMAIL_BESTAETIGEN',
            to: newEmail,
            subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
            greeting: greetingOf(holder),
            paragraphs: [
              `Sie haben im Kundenportal der ${config.mandant.name} für Ihre Kundennummer ${kundennummerText(config.mandant, holder.kundennummer)} diese E-Mail-Adresse angegeben. Bitte bestätigen Sie sie über den folgenden Link. Bis dahin schreiben wir Ihnen an Ihre bisherige Adresse.`,
              `Der Link ist ${EMAIL_CONFIRM_HOURS} Stunden gültig, bis ${formatDateTime(confirmBy)}.`,
              'Falls Sie das nicht waren, müssen Sie nichts tun: Die Adresse wird dann nicht übernommen.',
            ],
            link: {
              url: linkTo(Paths.confirmEmail, confirm.token),
              label: 'E-Mail-Adresse bestätigen',
            },
          }),
        );
      }
      for (const to of noticeTo) {
        await mailer.enqueue(
          tx,
          composeMail(config.mandant, {
            kind: 'EMAIL_AENDERUNG_HINWEIS',
            to,
            subject: 'Ihre E-Mail-Adresse im Kundenportal wurde geändert',
            greeting: greetingOf(holder),
            paragraphs: [
              newEmail === null
                ? `für Ihre Kundennummer ${kundennummerText(config.mandant, holder.kundennummer)} wurde am ${formatDateTime(now)} im Kundenportal die E-Mail-Adresse gelöscht.`
                : `für Ihre Kundennummer ${kundennummerText(config.mandant, holder.kundennummer)} wurde am ${formatDateTime(now)} im Kundenportal eine neue E-Mail-Adresse angegeben: ${newEmail}. Wir verwenden sie erst, wenn sie über den Link bestätigt ist, den wir dorthin geschickt haben.`,
              `Falls Sie das nicht waren, nehmen Sie die Änderung bis ${formatDateTime(revokeBy)} über den folgenden Link zurück. Damit enden alle Anmeldungen im Kundenportal. Vergeben Sie danach über „Passwort vergessen?“ ein neues Passwort, denn wer die Änderung angestoßen hat, kannte Ihr Passwort.`,
            ],
            link: {
              url: linkTo(Paths.revokeEmailChange, revoke.token),
              label: 'Das war ich nicht',
            },
          }),
        );
      }
      await endOpenResetTokens(tx, holder.id, now);
      await writeAudit(tx, holder.id, 'EMAIL_AENDERUNG_ANGEFORDERT', {
        alt: holder.email,
        neu: newEmail,
        adresse: clientAddress,
      });
    },

    afterCommit: () => mailer.kick(),

    pending: async (customerId: number) =>
      (await repo.findPendingChange(db, customerId, config.now()))?.newEmail ?? null,

    /** The new address's link: from now on mails go there. */
    async confirm(token: string, clientAddress: string): Promise<string> {
      const now = config.now();
      await db.transaction(async (tx) => {
        const change = await repo.confirmByToken(tx, hashToken(token), now);
        if (!change) throw new HttpError(400, EmailChangeMessages.confirmInvalid);
        const before = await repo.emailOf(tx, change.customerId);
        await repo.setEmail(tx, change.customerId, change.newEmail);
        await recordChange(
          tx,
          { customerId: change.customerId },
          {
            typ: 'EMAIL_ADRESSE',
            daten: { anlass: 'BESTAETIGT', alt: before, neu: change.newEmail },
          },
        );
        await endOpenResetTokens(tx, change.customerId, now);
        await writeAudit(tx, change.customerId, 'EMAIL_GEAENDERT', {
          neu: change.newEmail,
          adresse: clientAddress,
        });
      });
      return EmailChangeMessages.confirmed;
    },

    /** The old address's "Das war ich nicht": the change is undone and every session ends. */
    async revoke(token: string, clientAddress: string): Promise<string> {
      const now = config.now();
      let restored = false;
      await db.transaction(async (tx) => {
        const change = await repo.revokeByToken(tx, hashToken(token), now);
        if (!change) throw new HttpError(400, EmailChangeMessages.revokeInvalid);
        // The address the revoked change replaced comes back, also when later changes moved it
        // on: those and every unconfirmed one end with it.
        const laterConfirmed = await repo.endLaterAndUnconfirmedChanges(
          tx,
          change.customerId,
          change.id,
          now,
        );
        const current = await repo.emailOf(tx, change.customerId);
        restored = (change.confirmedAt !== null || laterConfirmed) && current !== change.oldEmail;
        if (restored) {
          await repo.setEmail(tx, change.customerId, change.oldEmail);
          await recordChange(
            tx,
            { customerId: change.customerId },
            {
              typ: 'EMAIL_ADRESSE',
              daten: { anlass: 'WIDERRUFEN', alt: current, neu: change.oldEmail },
            },
          );
        }
        await deleteSessionsOfCustomer(tx, change.customerId);
        await endOpenResetTokens(tx, change.customerId, now);
        await writeAudit(tx, change.customerId, 'EMAIL_AENDERUNG_WIDERRUFEN', {
          wiederhergestellt: restored ? change.oldEmail : null,
          adresse: clientAddress,
        });
      });
      return restored ? EmailChangeMessages.revoked : EmailChangeMessages.revokedUnchanged;
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
