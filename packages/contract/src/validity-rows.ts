import { BillingAddressSchema, type BillingAddress } from './addresses';
import { BankDetailsSchema, type BankDetails } from './bank';

/**
 * The calls of one kind of validity rows (spec §7.1): billing addresses and bank details, each a
 * row valid from a day through an optional last day, for all contracts or for one.
 */
export interface ValidityPaths {
  /** The customer's calls: all rows (with the contracts'), the general row valid today, a new one. */
  customer: { all: string; current: string; create: string };
  /** Below /vertrag/{id}: `…/alle`, `…/aktuelle`, `…/anlegen`, `…/loeschen/{rowId}`, `…/beenden/{rowId}`. */
  contract: string;
}

/**
 * Billing addresses on the wire: the answer's schema, a row's id, the paths. The input's schema
 * is not part of it: a page that only shows rows would load the input's rules with it.
 */
export const BillingAddressRows = {
  schema: BillingAddressSchema,
  rowId: (address: BillingAddress) => address.id,
  paths: {
    customer: {
      all: '/anschlussnutzer/rechnungsadressen',
      current: '/anschlussnutzer/aktuelleRechnungsadresse',
      create: '/anschlussnutzer/rechnungsadresseAnlegen',
    },
    contract: 'rechnungsadresse',
  } satisfies ValidityPaths,
};

/**
 * Bank details on the wire: the answer's schema, a row's id, the paths. The input's schema is
 * not part of it: a page that only shows rows would load the IBAN's check (ibantools) with it.
 */
export const BankDetailsRows = {
  schema: BankDetailsSchema,
  rowId: (entry: BankDetails) => entry.bankverbindungId,
  paths: {
    customer: {
      all: '/anschlussnutzer/bankverbindungen',
      current: '/anschlussnutzer/aktuelleBankverbindung',
      create: '/anschlussnutzer/bankverbindungAnlegen',
    },
    contract: 'bankverbindung',
  } satisfies ValidityPaths,
};
