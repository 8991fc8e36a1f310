import { berlinDayOf, type ImportInput, type Mandant } from '@kundenportal/contract';
import { importRecord, type Transactional } from '../modules/import/service';
import type { SeriesImportService } from '../modules/series-import/service';
import {
  insertContract,
  insertCustomer,
  insertDocument,
  insertExchangePrices,
  tariffDay,
} from './insert';
import { maxDocuments } from './documents';
import { MAX_CONTRACTS } from './max-mustermann-contracts';
import { DEMO_PASSWORD } from './model';

/** 10001: dynamic, gas, day/night and ended contracts, addresses, bank details, documents. */
export async function seedMax(
  executor: Transactional,
  now: Date,
  mandant: Mandant,
  series: SeriesImportService,
) {
  const today = berlinDayOf(now);
  const customerId = await insertCustomer(
    executor,
    {
      kundennummer: '10001',
      anrede: 'Herr',
      vorname: 'Max',
      nachname: 'Mustermann',
      geburtsdatum: '1980-04-12',
      email: 'max.mustermann@example.de',
      festnetz: '030 1234567',
      mobil: '0170 1234567',
    },
    DEMO_PASSWORD,
  );
  const ids: Record<string, number> = {};
  for (const spec of MAX_CONTRACTS)
    ids[spec.key] = await insertContract(executor, customerId, spec, now, series);
  const gasId = ids['gas']!;
  const nightId = ids['strom-tag-nacht']!;

  const person = {
    kundennummer: '10001',
    anrede: 'Herr',
    vorname: 'Max',
    nachname: 'Mustermann',
    land: 'Deutschland',
  } as const;
  const addresses: Omit<ImportInput<'rechnungsadressen'>, 'schluessel'>[] = [
    {
      ...person,
      gueltigVon: '2019-02-01',
      gueltigBis: '2022-04-30',
      strasse: 'Alte Gasse',
      hausnummer: '7/1',
      postleitzahl: '12349',
      ort: 'Musterstadt',
    },
    {
      ...person,
      gueltigVon: '2022-05-01',
      strasse: 'Musterweg',
      hausnummer: '12a',
      postleitzahl: '12345',
      ort: 'Musterstadt',
      gueltigBis: tariffDay(2, today, true),
    },
    {
      ...person,
      gueltigVon: tariffDay(2, today)!,
      strasse: 'Neue Allee',
      hausnummer: '8-10',
      postleitzahl: '12351',
      ort: 'Musterstadt',
    },
    {
      ...person,
      vertragsnummer: nightId,
      gueltigVon: '2022-05-01',
      postfach: '1234',
      postleitzahl: '12340',
      ort: 'Musterstadt',
    },
  ];
  for (const [index, address] of addresses.entries())
    await importRecord(executor, 'rechnungsadressen', {
      ...address,
      schluessel: `RA-10001-${index + 1}`,
    });
  const accounts: ImportInput<'bankverbindungen'>[] = [
    {
      schluessel: 'BV-10001-1',
      kundennummer: '10001',
      kontoinhaber: 'Max Mustermann',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankname: 'Commerzbank',
      blz: '37040044',
      kontonummer: '532013000',
      gueltigVon: '2022-05-01',
      mandatsreferenz: 'MR-10001-0001',
    },
    {
      schluessel: 'BV-10001-2',
      kundennummer: '10001',
      vertragsnummer: gasId,
      kontoinhaber: 'Erika Mustermann',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      bankname: 'Deutsche Kreditbank Berlin',
      blz: '12030000',
      kontonummer: '202051',
      gueltigVon: '2023-10-01',
      mandatsreferenz: 'MR-10001-0002',
    },
  ];
  for (const account of accounts) await importRecord(executor, 'bankverbindungen', account);

  const to = {
    mandant,
    customerId,
    kundennummer: '10001',
    empfaenger: ['Herrn Max Mustermann', 'Musterweg 12a', '12345 Musterstadt'],
  };
  const contracts = MAX_CONTRACTS.map((spec) => ({ spec, id: ids[spec.key]! }));
  for (const doc of maxDocuments(mandant, contracts)) await insertDocument(executor, to, doc);
  const days = MAX_CONTRACTS.find((spec) => spec.stundenwerteTage)?.stundenwerteTage ?? 0;
  await insertExchangePrices(executor, series, now, days);
}
