import {
  kundennummerText,
  AnredeSchema,
  CONTACT_SUBJECT_LABELS,
  displayName,
  EmailChangeMessages,
  type ContactRequestInput,
  type Customer,
  type UpdateContactInputSchema,
} from '@kundenportal/contract';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { lockCustomer, type CustomerWithContractIds } from '../../db/customer-rows';
import { HttpError, notFound } from '../../lib/http-error';
import { charge } from '../../lib/rate-limits';
import { composeMail, greetingOf } from '../../mail/compose';
import type { Mailer } from '../../mail/mailer';
import { recordChange } from '../../db/change-feed';
import { writeAudit } from '../audit/repo';
import type { AuthService } from '../auth/service';
import type { EmailChangeService } from '../email-change/service';
import * as repo from './repo';

type ContactData = z.output<typeof UpdateContactInputSchema>;

/** A request sent again as it was within this time is the same request: a double click, a resend. */
export const CONTACT_REQUEST_REPEAT_SECONDS = 60;

export const SAME_CONTACT_REQUEST_MESSAGE = (first: number) =>
  `Diese Anfrage ist bereits bei uns eingegangen (Anfrage-Nr. ${first}). Sie müssen sie nicht noch einmal senden; wir kümmern uns darum.`;

const TOO_MANY_CONTACT_REQUESTS_MESSAGE = (requests: number) =>
  `Sie haben in der letzten Stunde bereits ${requests} Kontaktanfragen gesendet. Bitte versuchen Sie es später erneut.`;

export function createCustomerService(
  db: Database,
  config: AppConfig,
  mailer: Mailer,
  deps: { auth: AuthService; emailChange: EmailChangeService },
) {
  /** A changed e-mail address needs the password: a borrowed session alone must not move it. */
  async function checkPasswordForEmail(
    customerId: number,
    password: string | undefined,
    clientAddress: string,
  ) {
    const fail = (message: string) => new HttpError(400, message, { passwort: message });
    if (!password) throw fail(EmailChangeMessages.passwordMissing);
    const customer = await repo.findCustomer(db, customerId);
    if (!customer) throw notFound('Der Kunde wurde nicht gefunden.');
    const checked = await deps.auth.checkPassword(customer.kundennummer, password, clientAddress);
    if (checked?.id !== customerId) throw fail(EmailChangeMessages.passwordWrong);
  }

  const service = {
    /**
     * Contact data as typed, trimmed; an audit row keeps the old and the new values. A new
     * e-mail address is not stored but asked to confirm itself (email-change).
     */
    async updateContact(
      customerId: number,
      contact: ContactData,
      proof: { password?: string; clientAddress: string },
    ): Promise<Customer> {
      const stored = await repo.findCustomer(db, customerId);
      if (!stored) throw notFound('Der Kunde wurde nicht gefunden.');
      const emailChanges = contact.email !== stored.email;
      if (emailChanges)
        await checkPasswordForEmail(customerId, proof.password, proof.clientAddress);
      await db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const before = await repo.findCustomer(tx, customerId);
        if (!before) throw notFound('Der Kunde wurde nicht gefunden.');
        await repo.updateContact(tx, customerId, { ...contact, email: before.email });
        if (contact.email !== before.email) {
          await deps.emailChange.request(tx, before, contact.email, proof.clientAddress);
        }
        await writeAudit(tx, customerId, 'KONTAKTDATEN_GEAENDERT', {
          alt: {
            email: before.email,
            festnetz: before.festnetz,
            mobil: before.mobil,
            fax: before.fax,
          },
          neu: contact,
        });
        const phones = (values: Pick<ContactData, 'festnetz' | 'mobil' | 'fax'>) => ({
          festnetz: values.festnetz ?? null,
          mobil: values.mobil ?? null,
          fax: values.fax ?? null,
        });
        await recordChange(
          tx,
          { customerId },
          {
            typ: 'KONTAKTDATEN',
            daten: {
              alt: phones(before),
              neu: phones(contact),
              neueEmailAngefragt: contact.email !== before.email && contact.email !== null,
            },
          },
        );
      });
      if (emailChanges) deps.emailChange.afterCommit();
      return service.get(customerId);
    },

    /**
     * Stores the request and puts its mail to the supplier's service address into the outbox in
     * the same transaction: a mail that cannot be sent now is sent later, never lost. Answers
     * the request's number, which the success page and both mails name.
     */
    async sendContactRequest(customerId: number, request: ContactRequestInput): Promise<number> {
      const id = await db.transaction(async (tx) => {
        // Locked first: of two identical requests at once, the second sees the first's row.
        await lockCustomer(tx, customerId);
        const customer = await repo.findCustomer(tx, customerId);
        if (!customer) throw notFound('Der Kunde wurde nicht gefunden.');
        const now = config.now();
        const first = await repo.findSameContactRequest(
          tx,
          customerId,
          request,
          new Date(now.getTime() - CONTACT_REQUEST_REPEAT_SECONDS * 1000),
        );
        // Refused before the limit is charged: the repeat is no second request.
        if (first !== undefined) throw new HttpError(409, SAME_CONTACT_REQUEST_MESSAGE(first));
        // Counted with the request it allows: a rolled-back request counts nowhere.
        const limit = config.rateLimits.contactRequestsPerCustomer;
        if (await charge(tx, [{ key: `kontaktanfrage:kunde:${customerId}`, limit }], now)) {
          throw new HttpError(429, TOO_MANY_CONTACT_REQUESTS_MESSAGE(limit.max));
        }
        const requestId = await repo.insertContactRequest(tx, customerId, request, now);
        await recordChange(
          tx,
          { customerId },
          {
            typ: 'KONTAKTANFRAGE',
            daten: { anfrageNr: requestId, betreff: request.betreff, text: request.text },
          },
        );
        const betreff = CONTACT_SUBJECT_LABELS[request.betreff];
        const person = {
          anrede: AnredeSchema.catch('KeineAnrede').parse(customer.anrede),
          titel: customer.titel,
          vorname: customer.vorname,
          nachname: customer.nachname,
          firma: customer.firma,
        };
        const name = displayName(person);
        const kundennummer = kundennummerText(config.mandant, customer.kundennummer);
        await mailer.enqueue(
          tx,
          composeMail(config.mandant, {
            kind: 'KONTAKTANFRAGE',
            to: config.mandant.serviceEmail,
            subject: `Kontaktanfrage ${kundennummer}: ${betreff}`,
            greeting: 'Guten Tag,',
            paragraphs: ['über das Kundenportal ist eine Kontaktanfrage eingegangen:'],
            quote: request.text,
            facts: [
              ['Kundennummer', kundennummer],
              ['Name', name],
              ['E-Mail', customer.email ?? '–'],
              ['Betreff', betreff],
              ['Anfrage-Nr.', String(requestId)],
            ],
            // "Antworten" in the service team's mail program writes to the customer.
            ...(customer.email && { replyTo: customer.email }),
          }),
        );
        if (customer.email) {
          await mailer.enqueue(
            tx,
            composeMail(config.mandant, {
              kind: 'KONTAKTANFRAGE_KOPIE',
              to: customer.email,
              subject: `Ihre Kontaktanfrage: ${betreff}`,
              greeting: greetingOf(person),
              paragraphs: [
                'vielen Dank für Ihre Nachricht. Sie ist bei unserem Kundenservice eingegangen; wir melden uns bei Ihnen. Zu Ihren Unterlagen eine Kopie:',
              ],
              quote: request.text,
              facts: [
                ['Anfrage-Nr.', String(requestId)],
                ['Betreff', betreff],
                ['Kundennummer', kundennummer],
              ],
            }),
          );
        }
        return requestId;
      });
      mailer.kick();
      return id;
    },

    async get(customerId: number): Promise<Customer> {
      const found = await repo.findCustomerWithContractIds(db, customerId);
      if (!found) throw notFound('Der Kunde wurde nicht gefunden.');
      return toCustomer(found);
    },
  };
  return service;
}

export type CustomerService = ReturnType<typeof createCustomerService>;

/** GET /anschlussnutzer's answer from the customer's row and contract ids. */
function toCustomer({ customer, contractIds }: CustomerWithContractIds): Customer {
  return {
    kundennummer: customer.kundennummer,
    anrede: AnredeSchema.parse(customer.anrede),
    titel: customer.titel,
    vorname: customer.vorname,
    nachname: customer.nachname,
    firma: customer.firma,
    geburtsdatum: customer.geburtsdatum,
    email: customer.email,
    festnetz: customer.festnetz,
    mobil: customer.mobil,
    fax: customer.fax,
    vertraege: contractIds,
  };
}
