import { randomBytes } from 'node:crypto';
import { bankDetailsInputSchema, ValidityMessages, type BankDetails } from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { bankDetails } from '../../db/schema/index';
import { HttpError } from '../../lib/http-error';
import type { RowOf } from '../../lib/validity-rows';
import { createValidityService } from '../../lib/validity-service';
import { writeAudit } from '../audit/repo';
import { checkIban } from './iban-check';
import * as repo from './repo';

export const BANK_DETAILS_NOT_FOUND_MESSAGE = 'Die Bankverbindung wurde nicht gefunden.';

/**
 * A SEPA mandate reference of at most 35 characters, e.g. MR-10001-20261123-7K2Q9D4X, unique;
 * only upper case, digits and "-" of the characters SEPA allows.
 */
async function newMandateReference(tx: Executor, kundennummer: string, from: string) {
  for (;;) {
    const random = randomBytes(8)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 8);
    const reference = `MR-${kundennummer.slice(0, 12)}-${from.replaceAll('-', '')}-${random}`;
    if (!(await repo.mandateReferenceTaken(tx, reference))) return reference;
  }
}

function toBankDetails(row: RowOf<typeof bankDetails>): BankDetails {
  return {
    bankverbindungId: row.id,
    kontoinhaber: row.kontoinhaber,
    iban: row.iban,
    bic: row.bic,
    bankname: row.bankname,
    blz: row.blz,
    kontonummer: row.kontonummer,
    gueltigVon: row.gueltigVon,
    gueltigBis: row.gueltigBis,
    lastschrifteinzugErlaubt: row.lastschrifteinzugErlaubt,
    mandatsreferenz: row.lastschrifteinzugErlaubt ? row.mandatsreferenz : null,
    vertragId: row.contractId,
  };
}

/**
 * Bank details are validity rows (lib/validity-service.ts) with the IBAN check of spec §3 and a
 * mandate reference where direct debit is allowed.
 */
export function createBankService(db: Database, config: AppConfig) {
  const rows = createValidityService(db, config.now, {
    table: bankDetails,
    inputSchema: bankDetailsInputSchema,
    toEntity: toBankDetails,
    texts: {
      subject: 'Die Bankverbindung',
      notFound: BANK_DETAILS_NOT_FOUND_MESSAGE,
      noCurrent: ValidityMessages.noCurrentBankDetails,
      saveFailed: ValidityMessages.bankSaveFailed,
    },
    columns: (input) => {
      // Never trust the form: the IBAN is checked again, bank name and BIC come from our data.
      const bank = checkIban({ iban: input.iban });
      if (!bank.valide || !bank.iban) {
        const message = bank.feedback.nachricht ?? 'Die IBAN ist ungültig.';
        throw new HttpError(400, message, { iban: message });
      }
      const iban = bank.iban;
      return async (tx, customer) => ({
        kontoinhaber: input.kontoinhaber,
        iban,
        bic: bank.bic,
        bankname: bank.bankname,
        blz: bank.blz,
        kontonummer: bank.kontonummer,
        lastschrifteinzugErlaubt: input.lastschrifteinzugErlaubt,
        mandatsreferenz: input.lastschrifteinzugErlaubt
          ? await newMandateReference(tx, customer.kundennummer, input.gueltigVon)
          : null,
      });
    },
    audit: {
      write: writeAudit,
      created: 'BANKVERBINDUNG_ANGELEGT',
      deleted: 'BANKVERBINDUNG_GELOESCHT',
      ended: 'BANKVERBINDUNG_BEENDET',
    },
    feed: (daten) => ({ typ: 'BANKVERBINDUNG', daten }),
  });
  return { ...rows, checkIban };
}

export type BankService = ReturnType<typeof createBankService>;
