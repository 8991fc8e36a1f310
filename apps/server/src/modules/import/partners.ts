import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { ImportRecord } from '@kundenportal/contract';
import type { Executor } from '../../db/client';
import { contracts, customers, tariffs } from '../../db/schema/index';
import { hashPassword } from '../auth/password';
import { endWhatTheImportTakesAway } from './access-effects';
import {
  contractIdOf,
  customerIdOf,
  decide,
  holdsValues,
  movePastContractNumber,
  RecordRefusal,
  type Outcome,
} from './repo';

/**
 * A customer imported without a password gets the hash of a random secret nobody keeps: no
 * password opens her account until she sets one with the password reset (a link to her
 * e-mail address). One hash per process, as argon2 takes tens of milliseconds.
 */
let unusableHash: Promise<string> | undefined;
const noPassword = () => (unusableHash ??= hashPassword(randomBytes(32).toString('base64url')));

export interface PartnerOptions {
  /** The demo accounts' known password; an imported customer has none. */
  passwort?: string;
}

/** BO4E Geschaeftspartner → customers, keyed by the Kundennummer. */
export async function importGeschaeftspartner(
  executor: Executor,
  record: ImportRecord<'geschaeftspartner'>,
  options: PartnerOptions = {},
): Promise<Outcome> {
  const { portalzugang, zugangsstufe, ...person } = record;
  const values = {
    ...person,
    portalAccess: portalzugang !== 'KEIN_ZUGANG',
    mustChangePassword: portalzugang === 'PASSWORT_AENDERN',
    accessLevel: zugangsstufe,
  };
  const [stored] = await executor
    .select()
    .from(customers)
    .where(eq(customers.kundennummer, record.kundennummer));
  return decide(stored, values, async () => {
    if (stored) {
      await executor.update(customers).set(values).where(eq(customers.id, stored.id));
      await endWhatTheImportTakesAway(executor, stored.id, stored, values, new Date());
    } else {
      const passwordHash = await (options.passwort === undefined
        ? noPassword()
        : hashPassword(options.passwort));
      await executor.insert(customers).values({ ...values, passwordHash });
    }
  });
}

/** BO4E Vertrag → contracts; the Vertragsnummer is the contract's id. */
export async function importVertrag(
  executor: Executor,
  record: ImportRecord<'vertraege'>,
): Promise<Outcome> {
  const customerId = await customerIdOf(executor, record.kundennummer);
  const { vertragsnummer, kundennummer, lieferadresse, ...fields } = record;
  const values = { customerId, ...fields, ...lieferadresse };
  const [stored] = await executor.select().from(contracts).where(eq(contracts.id, vertragsnummer));
  if (stored && stored.customerId !== customerId)
    throw new RecordRefusal(
      'kundennummer',
      `Der Vertrag ${vertragsnummer} gehört zu einem anderen Kunden als ${kundennummer}; ein Vertrag wechselt nicht den Kunden.`,
    );
  return decide(stored, values, async () => {
    if (stored) await executor.update(contracts).set(values).where(eq(contracts.id, stored.id));
    else {
      await executor.insert(contracts).values({ id: vertragsnummer, ...values });
      await movePastContractNumber(executor, vertragsnummer);
    }
  });
}

/**
 * BO4E Preisblatt → the contract's tariff periods. The record holds all of them: a changed
 * set replaces the stored one (nothing refers to a tariff row), an equal one stays.
 */
export async function importPreisblatt(
  executor: Executor,
  record: ImportRecord<'preisblaetter'>,
): Promise<Outcome> {
  const contractId = await contractIdOf(executor, record.vertragsnummer);
  const rows = record.tarife.map((tarif) => ({
    contractId,
    ...tarif,
    istDynamisch: tarif.tariftyp === 'DYNAMISCHER_PREIS',
  }));
  const stored = await executor
    .select()
    .from(tariffs)
    .where(eq(tariffs.contractId, contractId))
    .orderBy(asc(tariffs.id));
  if (stored.length === 0) {
    await executor.insert(tariffs).values(rows);
    return 'angelegt';
  }
  const same =
    stored.length === rows.length && rows.every((row, index) => holdsValues(stored[index]!, row));
  if (same) return 'unveraendert';
  await executor.delete(tariffs).where(eq(tariffs.contractId, contractId));
  await executor.insert(tariffs).values(rows);
  return 'aktualisiert';
}
