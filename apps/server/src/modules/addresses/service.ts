import {
  AnredeSchema,
  billingAddressInputSchema,
  DEFAULT_LAND,
  Laender,
  ValidityMessages,
  type BillingAddress,
  type CreateBillingAddressInput,
  berlinDayOf,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/parse-input';
import { validOnOrNotFound, type ValidityAction } from '../../lib/validity';
import { deleteOrEnd, insertReplacing, type ValidityStore } from '../../lib/validity-rows';
import { writeAudit } from '../audit/repo';
import * as repo from './repo';

export const NO_CURRENT_ADDRESS_MESSAGE = ValidityMessages.noCurrentAddress;
export const ADDRESS_NOT_FOUND_MESSAGE = 'Die Rechnungsadresse wurde nicht gefunden.';

const store: ValidityStore<repo.BillingAddressRow> = {
  list: repo.listBillingAddresses,
  setUntil: repo.setBillingAddressUntil,
  remove: repo.deleteBillingAddress,
};
const texts = { subject: 'Die Rechnungsadresse', notFound: ADDRESS_NOT_FOUND_MESSAGE };

export function toBillingAddress(row: repo.BillingAddressRow): BillingAddress {
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

const orNull = (value: string | undefined) => (value ? value : null);

export function createAddressService(db: Database, config: AppConfig) {
  async function list(customerId: number, contractId: number | null) {
    return (await repo.listBillingAddresses(db, customerId, contractId)).map(toBillingAddress);
  }
  return {
    list,
    /** General and contract-specific addresses: the overview's hints need both. */
    async listAll(customerId: number) {
      return (await repo.listAllBillingAddresses(db, customerId)).map(toBillingAddress);
    },
    async current(customerId: number, contractId: number | null): Promise<BillingAddress> {
      return validOnOrNotFound(
        await list(customerId, contractId),
        berlinDayOf(config.now()),
        NO_CURRENT_ADDRESS_MESSAGE,
      );
    },

    async create(
      customerId: number,
      contractId: number | null,
      body: CreateBillingAddressInput,
    ): Promise<BillingAddress> {
      // The route parsed the shape; the rules run again here with tomorrow by the server's
      // clock, so that no caller can skip them.
      const input = parseInput(
        billingAddressInputSchema(berlinDayOf(config.now(), 1)),
        body,
        ValidityMessages.actionFailed,
      );
      const postfach = orNull(input.postfach);
      const row = await db.transaction(async (tx) => {
        const { row, replaced } = await insertReplacing(
          tx,
          store,
          { customerId, contractId },
          input.gueltigVon,
          texts,
          (gueltigBis) =>
            repo.insertBillingAddress(tx, {
              customerId,
              contractId,
              gueltigVon: input.gueltigVon,
              gueltigBis,
              anrede: input.anrede,
              firma: orNull(input.firma),
              vorname: orNull(input.vorname),
              nachname: orNull(input.nachname),
              titel: orNull(input.titel),
              co: orNull(input.co),
              // Normal or Postfach: the fields of the other type are not kept.
              strasse: postfach ? null : orNull(input.strasse),
              hausnummer: postfach ? null : orNull(input.hausnummer),
              postfach,
              postleitzahl: input.postleitzahl,
              ort: input.ort,
              land: input.land,
            }),
        );
        await writeAudit(tx, customerId, 'RECHNUNGSADRESSE_ANGELEGT', {
          id: row.id,
          vertragId: contractId,
          neu: toBillingAddress(row),
          beendet: replaced ? { id: replaced.id, gueltigBisVorher: replaced.gueltigBis } : null,
        });
        return row;
      });
      return toBillingAddress(row);
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
          action === 'loeschen' ? 'RECHNUNGSADRESSE_GELOESCHT' : 'RECHNUNGSADRESSE_BEENDET',
          {
            id: rowId,
            vertragId: contractId,
            alt: toBillingAddress(before),
            neu: after && toBillingAddress(after),
          },
        );
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
