import type { BankDetails } from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { berlinDay } from '../../lib/berlin-time';
import { validOnOrNotFound } from '../../lib/validity';
import * as repo from './repo';

export const NO_CURRENT_BANK_DETAILS_MESSAGE =
  'Es wurde keine aktuelle Bankverbindung bei uns im System gefunden.';

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
    mandatsreferenz: row.mandatsreferenz,
    vertragId: row.contractId,
  };
}

export function createBankService(db: Database, config: AppConfig) {
  async function list(customerId: number, contractId: number | null) {
    return (await repo.listBankDetails(db, customerId, contractId)).map(toBankDetails);
  }
  return {
    list,
    async current(customerId: number, contractId: number | null): Promise<BankDetails> {
      return validOnOrNotFound(
        await list(customerId, contractId),
        berlinDay(config.now()),
        NO_CURRENT_BANK_DETAILS_MESSAGE,
      );
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
