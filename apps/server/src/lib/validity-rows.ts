import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { lockCustomer as lockCustomerRow } from '../db/customer-rows';
import { HttpError, notFound } from './http-error';
import { allowedAction, dayBefore, planReplacement, type ValidityAction } from './validity';

interface Validity {
  id: number;
  gueltigVon: string;
  gueltigBis: string | null;
}

/**
 * A table of validity rows (billing addresses, bank details): the customer, an optional contract
 * and the days of validity, beside the entity's own columns.
 */
export type ValidityTable = PgTable & {
  id: PgColumn;
  customerId: PgColumn;
  contractId: PgColumn;
  gueltigVon: PgColumn;
  gueltigBis: PgColumn;
};

export type RowOf<T extends ValidityTable> = T['$inferSelect'] & Validity;
export type NewRowOf<T extends ValidityTable> = T['$inferInsert'];

/** The SQL of one kind of validity rows, each call in the given transaction or the database. */
export function validityStore<T extends ValidityTable>(table: T) {
  type Row = RowOf<T>;
  // Drizzle cannot follow a table chosen by a type parameter: the statements see a table, and
  // their rows are given the table's row type.
  const rows: PgTable = table;
  const select = (executor: Executor, where: SQL | undefined) =>
    executor
      .select()
      .from(rows)
      .where(where)
      .orderBy(desc(table.gueltigVon), desc(table.id)) as unknown as Promise<Row[]>;
  return {
    /** The customer's general rows (contractId null) or those of one contract, newest first. */
    list: (executor: Executor, customerId: number, contractId: number | null) =>
      select(
        executor,
        and(
          eq(table.customerId, customerId),
          contractId === null ? isNull(table.contractId) : eq(table.contractId, contractId),
        ),
      ),
    /** Every row of the customer, general and contract-specific, newest first. */
    listAll: (executor: Executor, customerId: number) =>
      select(executor, eq(table.customerId, customerId)),
    async insert(executor: Executor, row: NewRowOf<T>): Promise<Row> {
      const [inserted] = (await executor.insert(rows).values(row).returning()) as unknown as Row[];
      return inserted!;
    },
    async setUntil(executor: Executor, id: number, gueltigBis: string | null) {
      await executor.update(rows).set({ gueltigBis }).where(eq(table.id, id));
    },
    async remove(executor: Executor, id: number) {
      await executor.delete(rows).where(eq(table.id, id));
    },
  };
}

export type ValidityStore<T extends ValidityTable> = ReturnType<typeof validityStore<T>>;

export interface ValidityTexts {
  /** "Die Rechnungsadresse" / "Die Bankverbindung". */
  subject: string;
  notFound: string;
}

/** The customer whose rows change, locked: what a new row may need of them. */
export interface LockedCustomer {
  id: number;
  kundennummer: string;
}

/** The customer's row, locked until the transaction ends (db/customer-rows.ts). */
async function lockCustomer(tx: Executor, customerId: number): Promise<LockedCustomer> {
  const customer = await lockCustomerRow(tx, customerId);
  if (!customer) throw notFound('Der Kunde wurde nicht gefunden.');
  return customer;
}

/**
 * Inserts a row valid from `from`, ending the row it replaces on the day before, in the
 * caller's transaction. Refuses a second row starting on the same day before writing.
 */
export async function insertReplacing<T extends ValidityTable>(
  tx: Executor,
  store: ValidityStore<T>,
  scope: { customerId: number; contractId: number | null },
  from: string,
  texts: ValidityTexts,
  insert: (gueltigBis: string | null, customer: LockedCustomer) => Promise<RowOf<T>>,
): Promise<{ row: RowOf<T>; replaced: RowOf<T> | undefined }> {
  const customer = await lockCustomer(tx, scope.customerId);
  const rows = await store.list(tx, scope.customerId, scope.contractId);
  const plan = planReplacement(rows, from);
  if (plan.conflict) {
    const message = `${texts.subject} mit diesem Datum „gültig ab“ ist bereits hinterlegt. Bitte wählen Sie ein anderes Datum.`;
    throw new HttpError(409, message, { gueltigVon: message });
  }
  if (plan.replaced) await store.setUntil(tx, plan.replaced.id, dayBefore(from));
  const row = await insert(plan.newUntil, customer);
  return { row, replaced: plan.replaced };
}

/**
 * Deletes a row not yet valid or ends a row valid today (spec §4.3), refusing the other
 * action. A deleted row's predecessor, ended for it, is valid again as it was before.
 */
export async function deleteOrEnd<T extends ValidityTable>(
  tx: Executor,
  store: ValidityStore<T>,
  scope: { customerId: number; contractId: number | null },
  rowId: number,
  action: ValidityAction,
  today: string,
  texts: ValidityTexts,
): Promise<{
  before: RowOf<T>;
  after: RowOf<T> | null;
  /** A deleted row's predecessor, valid again through the deleted row's last day. */
  reopened?: { id: number; gueltigBis: string | null };
}> {
  await lockCustomer(tx, scope.customerId);
  const rows = await store.list(tx, scope.customerId, scope.contractId);
  const row = rows.find((candidate) => candidate.id === rowId);
  if (!row) throw notFound(texts.notFound);
  const allowed = allowedAction(row, today);
  if (allowed !== action) {
    throw new HttpError(
      409,
      allowed === 'loeschen'
        ? `${texts.subject} ist noch nicht gültig und kann nur gelöscht werden.`
        : allowed === 'beenden'
          ? `${texts.subject} ist bereits gültig und kann nur beendet werden.`
          : `${texts.subject} ist bereits beendet.`,
    );
  }
  if (action === 'beenden') {
    await store.setUntil(tx, row.id, today);
    return { before: row, after: { ...row, gueltigBis: today } };
  }
  await store.remove(tx, row.id);
  const predecessor = rows.find(
    (candidate) => candidate.id !== row.id && candidate.gueltigBis === dayBefore(row.gueltigVon),
  );
  if (!predecessor) return { before: row, after: null };
  await store.setUntil(tx, predecessor.id, row.gueltigBis);
  return { before: row, after: null, reopened: { id: predecessor.id, gueltigBis: row.gueltigBis } };
}
