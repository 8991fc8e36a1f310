import {
  BillingAddressSchema,
  CreateBillingAddressInputSchema,
  type BillingAddress,
} from './addresses';
import { BankDetailsSchema, CreateBankDetailsInputSchema, type BankDetails } from './bank';

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

/** Billing addresses on the wire: answer and input schemas, a row's id, the paths. */
export const BillingAddressRows = {
  schema: BillingAddressSchema,
  inputSchema: CreateBillingAddressInputSchema,
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

/** Bank details on the wire: answer and input schemas, a row's id, the paths. */
export const BankDetailsRows = {
  schema: BankDetailsSchema,
  inputSchema: CreateBankDetailsInputSchema,
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
