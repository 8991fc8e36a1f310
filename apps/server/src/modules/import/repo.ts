import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contracts, customers } from '../../db/schema/index';

/** What an import did with one record. */
export type Outcome = 'angelegt' | 'aktualisiert' | 'unveraendert';

/** A record the rules refuse: the field (its path in the record) and the German reason. */
export class RecordRefusal extends Error {
  constructor(
    readonly feld: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'RecordRefusal';
  }
}

const unknownCustomerMessage = (kundennummer: string) =>
  `Die Kundennummer ${kundennummer} ist nicht bekannt. Bitte importieren Sie zuerst den Geschäftspartner.`;
const unknownContractMessage = (vertragsnummer: number) =>
  `Die Vertragsnummer ${vertragsnummer} ist nicht bekannt. Bitte importieren Sie zuerst den Vertrag.`;
const foreignContractMessage = (vertragsnummer: number, kundennummer: string) =>
  `Der Vertrag ${vertragsnummer} gehört nicht zum Kunden ${kundennummer}.`;
export const foreignKeyMessage = (schluessel: string) =>
  `Der Schlüssel ${schluessel} gehört zu einem anderen Kunden.`;

export async function customerIdOf(executor: Executor, kundennummer: string): Promise<number> {
  const [row] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.kundennummer, kundennummer));
  if (!row) throw new RecordRefusal('kundennummer', unknownCustomerMessage(kundennummer));
  return row.id;
}

/** The contract by its number; with a customer, refused unless it is hers. */
export async function contractIdOf(
  executor: Executor,
  vertragsnummer: number,
  customer?: { id: number; kundennummer: string },
): Promise<number> {
  const [row] = await executor
    .select({ id: contracts.id, customerId: contracts.customerId })
    .from(contracts)
    .where(eq(contracts.id, vertragsnummer));
  if (!row) throw new RecordRefusal('vertragsnummer', unknownContractMessage(vertragsnummer));
  if (customer && row.customerId !== customer.id)
    throw new RecordRefusal(
      'vertragsnummer',
      foreignContractMessage(vertragsnummer, customer.kundennummer),
    );
  return row.id;
}

/**
 * The supplier's Vertragsnummer is the contract's id, the number the customer sees. After one
 * is written explicitly the identity moves past it, so that a contract numbered by the database
 * (the bench's synthetic customers) never takes a number the import holds.
 */
export async function movePastContractNumber(executor: Executor, vertragsnummer: number) {
  await executor.execute(
    sql`select setval(pg_get_serial_sequence('contracts', 'id'), ${vertragsnummer})
        where ${vertragsnummer} >= (select last_value from contracts_id_seq)`,
  );
}

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  return value ?? null;
}

/** Does the stored row already hold every value of the record? */
export function holdsValues(
  stored: Record<string, unknown>,
  values: Record<string, unknown>,
): boolean {
  return Object.entries(values).every(
    ([key, value]) => comparable(stored[key]) === comparable(value),
  );
}

/** Whether a row is new, changed or as stored; `write` runs unless it is as stored. */
export async function decide(
  stored: Record<string, unknown> | undefined,
  values: Record<string, unknown>,
  write: () => Promise<unknown>,
): Promise<Outcome> {
  if (stored && holdsValues(stored, values)) return 'unveraendert';
  await write();
  return stored ? 'aktualisiert' : 'angelegt';
}

/** The record without the fields that name its owner, which the row stores as ids. */
export function without<T extends object, K extends keyof T>(
  record: T,
  keys: readonly K[],
): Omit<T, K> {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}
