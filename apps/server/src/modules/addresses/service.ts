import {
  AnredeSchema,
  billingAddressInputSchema,
  DEFAULT_LAND,
  Laender,
  ValidityMessages,
  type BillingAddress,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { billingAddresses } from '../../db/schema/index';
import type { RowOf } from '../../lib/validity-rows';
import { createValidityService } from '../../lib/validity-service';
import { writeAudit } from '../audit/repo';

export const ADDRESS_NOT_FOUND_MESSAGE = 'Die Rechnungsadresse wurde nicht gefunden.';

function toBillingAddress(row: RowOf<typeof billingAddresses>): BillingAddress {
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

/** Billing addresses are validity rows (lib/validity-service.ts) with the fields of spec §4.3. */
export function createAddressService(db: Database, config: AppConfig) {
  return createValidityService(db, config.now, {
    table: billingAddresses,
    inputSchema: billingAddressInputSchema,
    toEntity: toBillingAddress,
    texts: {
      subject: 'Die Rechnungsadresse',
      notFound: ADDRESS_NOT_FOUND_MESSAGE,
      noCurrent: ValidityMessages.noCurrentAddress,
      saveFailed: ValidityMessages.actionFailed,
    },
    columns: (input) => {
      const postfach = orNull(input.postfach);
      const columns = {
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
      };
      return () => columns;
    },
    audit: {
      write: writeAudit,
      created: 'RECHNUNGSADRESSE_ANGELEGT',
      deleted: 'RECHNUNGSADRESSE_GELOESCHT',
      ended: 'RECHNUNGSADRESSE_BEENDET',
    },
    feed: (daten) => ({ typ: 'RECHNUNGSADRESSE', daten }),
  });
}

export type AddressService = ReturnType<typeof createAddressService>;
