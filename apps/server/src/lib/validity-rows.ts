import type { Executor } from '../db/client';
import { lockCustomer } from '../db/customer-rows';
import { HttpError, notFound } from './http-error';
import { allowedAction, dayBefore, planReplacement, type ValidityAction } from './validity';

interface Validity {
  id: number;
  gueltigVon: string;
  gueltigBis: string | null;
}

/** The SQL of one kind of validity rows (billing addresses, bank details). */
export interface ValidityStore<Row extends Validity> {
  list(executor: Executor, customerId: number, contractId: number | null): Promise<Row[]>;
  setUntil(executor: Executor, id: number, gueltigBis: string | null): Promise<void>;
  remove(executor: Executor, id: number): Promise<void>;
}

export interface ValidityTexts {
  /** "Die Rechnungsadresse" / "Die Bankverbindung". */
  subject: string;
  notFound: string;
}

/**
 * Inserts a row valid from `from`, ending the row it replaces on the day before, in the
 * caller's transaction. Refuses a second row starting on the same day before writing.
 */
export async function insertReplacing<Row extends Validity>(
  tx: Executor,
  store: ValidityStore<Row>,
  scope: { customerId: number; contractId: number | null },
  from: string,
  texts: ValidityTexts,
  insert: (gueltigBis: string | null) => Promise<Row>,
): Promise<{ row: Row; replaced: Row | undefined }> {
  await lockCustomer(tx, scope.customerId);
  const rows = await store.list(tx, scope.customerId, scope.contractId);
  const plan = planReplacement(rows, from);
  if (plan.conflict) {
    const message = `${texts.subject} mit diesem Datum „gültig ab“ ist bereits hinterlegt. Bitte wählen Sie ein anderes Datum.`;
    throw new HttpError(409, message, { gueltigVon: message });
  }
  if (plan.replaced) await store.setUntil(tx, plan.replaced.id, dayBefore(from));
  const row = await insert(plan.newUntil);
  return { row, replaced: plan.replaced };
}

/**
 * Deletes a row not yet valid or ends a row valid today (spec §4.3), refusing the other
 * action. A deleted row's predecessor, ended for it, is valid again as it was before.
 */
export async function deleteOrEnd<Row extends Validity>(
  tx: Executor,
  store: ValidityStore<Row>,
  scope: { customerId: number; contractId: number | null },
  rowId: number,
  action: ValidityAction,
  today: string,
  texts: ValidityTexts,
): Promise<{ before: Row; after: Row | null }> {
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
  if (predecessor) await store.setUntil(tx, predecessor.id, row.gueltigBis);
  return { before: row, after: null };
}
