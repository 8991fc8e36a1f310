import { AnredeSchema, type Customer } from '@kundenportal/contract';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import * as repo from './repo';

export function createCustomerService(db: Database) {
  return {
    async get(customerId: number): Promise<Customer> {
      const [customer, vertraege] = await Promise.all([
        repo.findCustomer(db, customerId),
        repo.listContractIds(db, customerId),
      ]);
      if (!customer) throw notFound('Der Kunde wurde nicht gefunden.');
      return {
        kundennummer: customer.kundennummer,
        anrede: AnredeSchema.parse(customer.anrede),
        titel: customer.titel,
        vorname: customer.vorname,
        nachname: customer.nachname,
        firma: customer.firma,
        geburtsdatum: customer.geburtsdatum,
        email: customer.email,
        festnetz: customer.festnetz,
        mobil: customer.mobil,
        fax: customer.fax,
        vertraege,
      };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
