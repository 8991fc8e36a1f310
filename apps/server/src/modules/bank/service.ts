import { randomBytes } from 'node:crypto';
import {
  bankDetailsInputSchema,
  ValidityMessages,
  type BankDetails,
  type CreateBankDetailsInput,
  berlinDayOf,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { validOnOrNotFound, type ValidityAction } from '../../lib/validity';
import { deleteOrEnd, insertReplacing, type ValidityStore } from '../../lib/validity-rows';
import { writeAudit } from '../audit/repo';
import { findCustomer } from '../customer/repo';
import { checkIban } from './iban-check';
import * as repo from './repo';

export const NO_CURRENT_BANK_DETAILS_MESSAGE = ValidityMessages.noCurrentBankDetails;
export const BANK_DETAILS_NOT_FOUND_MESSAGE = 'Die Bankverbindung wurde nicht gefunden.';

const store: ValidityStore<repo.BankDetailsRow> = {
  list: repo.listBankDetails,
  setUntil: repo.setBankDetailsUntil,
  remove: repo.deleteBankDetails,
};
const texts = { subject: 'Die Bankverbindung', notFound: BANK_DETAILS_NOT_FOUND_MESSAGE };

/** Characters a SEPA mandate reference may hold; we use only upper case, digits and "-". */
export const MANDATE_REFERENCE_PATTERN = /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/;

/** A reference of at most 35 SEPA characters, e.g. MR-10001-20261123-7K2Q9D4X, unique. */
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

function toBankDetails(row: repo.BankDetailsRow): BankDetails {
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

export function createBankService(db: Database, config: AppConfig) {
  async function list(customerId: number, contractId: number | null) {
    return (await repo.listBankDetails(db, customerId, contractId)).map(toBankDetails);
  }
  return {
    list,
    checkIban,
    async listAll(customerId: number) {
      return (await repo.listAllBankDetails(db, customerId)).map(toBankDetails);
    },
    async current(customerId: number, contractId: number | null): Promise<BankDetails> {
      return validOnOrNotFound(
        await list(customerId, contractId),
        berlinDayOf(config.now()),
        NO_CURRENT_BANK_DETAILS_MESSAGE,
      );
    },

    async create(
      customerId: number,
      contractId: number | null,
      body: CreateBankDetailsInput,
    ): Promise<BankDetails> {
      const input = parseInput(
        bankDetailsInputSchema(berlinDayOf(config.now(), 1)),
        body,
        ValidityMessages.bankSaveFailed,
      );
      // Never trust the form: the IBAN is checked again, bank name and BIC come from our data.
      const bank = checkIban({ iban: input.iban });
      if (!bank.valide || !bank.iban) {
        const message = bank.feedback.nachricht ?? 'Die IBAN ist ungültig.';
        throw new HttpError(400, message, { iban: message });
      }
      const row = await db.transaction(async (tx) => {
        const customer = await findCustomer(tx, customerId);
        const mandatsreferenz = input.lastschrifteinzugErlaubt
          ? await newMandateReference(
              tx,
              customer?.kundennummer ?? String(customerId),
              input.gueltigVon,
            )
          : null;
        const { row, replaced } = await insertReplacing(
          tx,
          store,
          { customerId, contractId },
          input.gueltigVon,
          texts,
          (gueltigBis) =>
            repo.insertBankDetails(tx, {
              customerId,
              contractId,
              kontoinhaber: input.kontoinhaber,
              iban: bank.iban!,
              bic: bank.bic,
              bankname: bank.bankname,
              blz: bank.blz,
              kontonummer: bank.kontonummer,
              gueltigVon: input.gueltigVon,
              gueltigBis,
              lastschrifteinzugErlaubt: input.lastschrifteinzugErlaubt,
              mandatsreferenz,
            }),
        );
        await writeAudit(tx, customerId, 'BANKVERBINDUNG_ANGELEGT', {
          id: row.id,
          vertragId: contractId,
          neu: toBankDetails(row),
          beendet: replaced ? { id: replaced.id, gueltigBisVorher: replaced.gueltigBis } : null,
        });
        return row;
      });
      return toBankDetails(row);
    },

    async deleteOrEnd(
      customerId: number,
      contractId: number,
      rowId: number,
      action: ValidityAction,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const { before, after } = await deleteOrEnd(
          tx,
          store,
          { customerId, contractId },
          rowId,
          action,
          berlinDayOf(config.now()),
          texts,
        );
        await writeAudit(
          tx,
          customerId,
          action === 'loeschen' ? 'BANKVERBINDUNG_GELOESCHT' : 'BANKVERBINDUNG_BEENDET',
          {
            id: rowId,
            vertragId: contractId,
            alt: toBankDetails(before),
            neu: after && toBankDetails(after),
          },
        );
      });
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
