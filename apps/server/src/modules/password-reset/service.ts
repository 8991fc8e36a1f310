import { formatDateTime, kundennummerText, Messages } from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { charge, uncharge, type Charge } from '../../lib/rate-limits';
import { newToken, hashToken } from '../../lib/tokens';
import { composeMail, greetingOf } from '../../mail/compose';
import type { Mailer } from '../../mail/mailer';
import { recordChange } from '../../db/change-feed';
import { writeAudit } from '../audit/repo';
import { hashPassword } from '../auth/password';
import { passwordChangedMail } from '../auth/password-changed-mail';
import * as authRepo from '../auth/repo';
import { endUnconfirmedChanges } from '../email-change/repo';
import * as repo from './repo';

const RESET_TOKEN_MINUTES = 60;
const FOREIGN_RESET_URL_MESSAGE =
  'Die Adresse für das Zurücksetzen des Passworts ist nicht zulässig.';
const TOO_MANY_RESETS_MESSAGE =
  'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuchen Sie es in 15 Minuten erneut.';
const TOO_MANY_RESET_MAILS_MESSAGE = (mails: number) =>
  `Für diese Kundennummer wurden in der letzten Stunde bereits ${mails} E-Mails zum Zurücksetzen des Passworts versendet. Bitte prüfen Sie Ihr Postfach, auch den Spam-Ordner, oder versuchen Sie es in einer Stunde erneut.`;
const INVALID_RESET_TOKEN_MESSAGE = Messages.passwordResetLinkUnusable;
const TOO_MANY_LINK_CHECKS_MESSAGE =
  'Zu viele Prüfungen von Links zum Zurücksetzen des Passworts. Bitte versuchen Sie es in 15 Minuten erneut.';

export type ResetRequestOutcome = 'sent' | 'noPortalAccess';

export function createPasswordResetService(db: Database, config: AppConfig, mailer: Mailer) {
  const limits = config.rateLimits;

  /**
   * Requests count per address (the limit on guessing which numbers exist) and per number from
   * that address, whatever their outcome; refused ones count nowhere.
   */
  async function countRequest(kundennummer: string, clientAddress: string): Promise<Charge[]> {
    const charges: Charge[] = [
      { key: `reset:adresse:${clientAddress}`, limit: limits.resetRequestsPerAddress },
      {
        key: `reset:kunde+adresse:${kundennummer}|${clientAddress}`,
        limit: limits.resetRequestsPerCustomerAndAddress,
      },
    ];
    if (await charge(db, charges, config.now())) throw new HttpError(429, TOO_MANY_RESETS_MESSAGE);
    return charges;
  }

  return {
    /**
     * Sends a single-use link to the address on file. Spec §8.2 has the answers tell an unknown
     * number (404) and a customer without access (702) apart; the throttle bounds what that
     * reveals.
     */
    async request(
      kundennummer: string,
      basisUrl: string,
      clientAddress: string,
    ): Promise<ResetRequestOutcome> {
      // An attacker's address would turn our mail into his phishing link.
      if (basisUrl !== config.passwordResetUrl) throw new HttpError(400, FOREIGN_RESET_URL_MESSAGE);
      const requestCharges = await countRequest(kundennummer, clientAddress);
      const customer = await authRepo.findCustomerByNumber(db, kundennummer);
      if (customer && !customer.portalAccess) return 'noPortalAccess';
      if (!customer?.email) {
        await writeAudit(db, customer?.id ?? null, 'PASSWORT_RESET_ANGEFORDERT', {
          kundennummer,
          adresse: clientAddress,
          ergebnis: 'unbekannt',
        });
        throw new HttpError(404, Messages.passwordResetUnknownCustomer);
      }
      const email = customer.email;
      const { token, hash } = newToken();
      const expiresAt = new Date(config.now().getTime() + RESET_TOKEN_MINUTES * 60_000);
      const link = new URL(basisUrl);
      link.searchParams.set('token', token);
      const mailCharge = {
        key: `reset-mail:kunde:${customer.kundennummer}`,
        limit: limits.resetMailsPerCustomer,
      };
      const sent = await db.transaction(async (tx) => {
        // Counted with the mail it allows: a mail that is not written is not counted.
        if (await charge(tx, [mailCharge], config.now())) return false;
        await repo.insertResetToken(tx, { tokenHash: hash, customerId: customer.id, expiresAt });
        await mailer.enqueue(
          tx,
          composeMail(config.mandant, {
            kind: 'PASSWORT_RESET',
            to: email,
            subject: `Ihr Passwort für das Kundenportal der ${config.mandant.name}`,
            greeting: greetingOf(customer),
            paragraphs: [
              `Sie haben für Ihre Kundennummer ${kundennummerText(config.mandant, customer.kundennummer)} ein neues Passwort für das Kundenportal der ${config.mandant.name} angefordert. Über den folgenden Link können Sie es vergeben.`,
              `Der Link ist ${RESET_TOKEN_MINUTES} Minuten gültig, bis ${formatDateTime(expiresAt)}, und kann nur einmal verwendet werden.`,
              'Falls Sie kein neues Passwort angefordert haben, müssen Sie nichts tun: Ihr bisheriges Passwort bleibt gültig. Bitte leiten Sie diese E-Mail nicht weiter.',
            ],
            link: { url: link.toString(), label: 'Neues Passwort vergeben' },
          }),
        );
        await writeAudit(tx, customer.id, 'PASSWORT_RESET_ANGEFORDERT', {
          adresse: clientAddress,
          ergebnis: 'gesendet',
        });
        return true;
      });
      if (!sent) {
        await uncharge(db, requestCharges);
        throw new HttpError(429, TOO_MANY_RESET_MAILS_MESSAGE(limits.resetMailsPerCustomer.max));
      }
      mailer.kick();
      return 'sent';
    },

    /**
     * Whether the link can still be used, so that the reset page says so at once.
     * Counted per address: a token is 256 random bits, the count keeps the probing bounded all
     * the same. Used, expired and unknown links answer alike.
     */
    async check(token: string, clientAddress: string): Promise<boolean> {
      const limit = limits.resetLinkChecksPerAddress;
      if (
        await charge(db, [{ key: `reset-pruefen:adresse:${clientAddress}`, limit }], config.now())
      ) {
        throw new HttpError(429, TOO_MANY_LINK_CHECKS_MESSAGE);
      }
      return (await repo.findUsableToken(db, hashToken(token), config.now())) !== undefined;
    },

    /** Sets the password once per link; every session and every other link of the customer ends. */
    async complete(token: string, newPassword: string, clientAddress: string): Promise<void> {
      const tokenHash = hashToken(token);
      if (!(await repo.findUsableToken(db, tokenHash, config.now()))) {
        throw new HttpError(400, INVALID_RESET_TOKEN_MESSAGE);
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const customerId = await repo.useUpTokens(tx, tokenHash, config.now());
        if (customerId === undefined) throw new HttpError(400, INVALID_RESET_TOKEN_MESSAGE);
        await authRepo.updatePassword(tx, customerId, passwordHash);
        await authRepo.deleteSessionsOfCustomer(tx, customerId);
        // The attacker's confirm link must not outlive the owner's new password.
        const endedChange = await endUnconfirmedChanges(tx, customerId, config.now());
        await writeAudit(tx, customerId, 'PASSWORT_ZURUECKGESETZT', { adresse: clientAddress });
        await recordChange(tx, { customerId }, { typ: 'PASSWORT_ZURUECKGESETZT', daten: {} });
        const customer = await authRepo.findCustomerById(tx, customerId);
        if (customer?.email) {
          await mailer.enqueue(
            tx,
            passwordChangedMail(config, customer, customer.email, endedChange),
          );
        }
      });
      mailer.kick();
    },

    /** Ends every open link of the customer, in the caller's transaction (a password change). */
    endOpenLinks: (tx: Executor, customerId: number) =>
      repo.endOpenResetTokens(tx, customerId, config.now()),
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
