import { AnredeSchema, DEFAULT_LAND, Laender, type BillingAddress } from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { berlinDay } from '../../lib/berlin-time';
import { validOnOrNotFound } from '../../lib/validity';
import * as repo from './repo';

export const NO_CURRENT_ADDRESS_MESSAGE =
  'Es wurde keine aktuelle Rechnungsadresse bei uns im System gefunden.';

function toBillingAddress(row: repo.BillingAddressRow): BillingAddress {
  return {
    id: row.id,
    gueltigVon: row.gueltigVon,
    gueltigBis: row.gueltigBis,
    anrede: AnredeSchema.catch('KeineAnrede').parse(row.anrede),
    firma: row.firma,
    vorname: row.vorname,
    nachname: row.nachname,
    titel: row.titel,
    co: row.co,
    strasse: row.strasse,
    hausnummer: row.hausnummer,
    postleitzahl: row.postleitzahl,
    ort: row.ort,
    land: Laender.find((land) => land === row.land) ?? DEFAULT_LAND,
    postfach: row.postfach,
    vertragId: row.contractId,
  };
}

export function createAddressService(db: Database, config: AppConfig) {
  async function list(customerId: number, contractId: number | null) {
    return (await repo.listBillingAddresses(db, customerId, contractId)).map(toBillingAddress);
  }
  return {
    list,
    async current(customerId: number, contractId: number | null): Promise<BillingAddress> {
      return validOnOrNotFound(
        await list(customerId, contractId),
        berlinDay(config.now()),
        NO_CURRENT_ADDRESS_MESSAGE,
      );
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
