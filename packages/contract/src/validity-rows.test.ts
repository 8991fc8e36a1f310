import { describe, expect, it } from 'vitest';
import { BankDetailsRows, BillingAddressRows } from './validity-rows';

describe('validity rows on the wire (spec §7.1)', () => {
  it('call billing addresses at the spec’s paths, and name a row by its id', () => {
    const { customer, contract } = BillingAddressRows.paths;
    expect([customer.all, customer.current, customer.create, contract]).toEqual(
      ['rechnungsadressen', 'aktuelleRechnungsadresse', 'rechnungsadresseAnlegen']
        .map((call) => `/anschlussnutzer/${call}`)
        .concat('rechnungsadresse'),
    );
    const address = BillingAddressRows.schema.parse({
      id: 17,
      gueltigVon: '2026-11-27',
      gueltigBis: null,
      anrede: 'Frau',
      firma: null,
      vorname: 'Erika',
      nachname: 'Mustermann',
      titel: null,
      co: null,
      strasse: null,
      hausnummer: null,
      postleitzahl: '12345',
      ort: 'Musterstadt',
      land: 'Deutschland',
      postfach: '1234',
      vertragId: 4711,
    });
    expect(BillingAddressRows.rowId(address)).toBe(17);
  });

  it('call bank details at the spec’s paths, and name a row by its bankverbindungId', () => {
    const { customer, contract } = BankDetailsRows.paths;
    expect([customer.all, customer.current, customer.create, contract]).toEqual(
      ['bankverbindungen', 'aktuelleBankverbindung', 'bankverbindungAnlegen']
        .map((call) => `/anschlussnutzer/${call}`)
        .concat('bankverbindung'),
    );
    const bank = BankDetailsRows.schema.parse({
      bankverbindungId: 23,
      kontoinhaber: 'Erika Mustermann',
      iban: 'DE89370400440532013000',
      bic: null,
      bankname: null,
      blz: null,
      kontonummer: null,
      gueltigVon: '2026-11-27',
      gueltigBis: null,
      lastschrifteinzugErlaubt: true,
      mandatsreferenz: null,
      vertragId: null,
    });
    expect(BankDetailsRows.rowId(bank)).toBe(23);
  });
});
