import type { z } from 'zod';
import {
  berlinDayOf,
  type ChangeFeedData,
  type ValidityChangeAction,
} from '@kundenportal/contract';
import { recordChange } from '../db/change-feed';
import type { Database, Executor } from '../db/client';
import { parseInput } from './parse-input';
import { dayBefore, validOnOrNotFound, type ValidityAction } from './validity';
import {
  deleteOrEnd,
  insertReplacing,
  validityStore,
  type LockedCustomer,
  type NewRowOf,
  type RowOf,
  type ValidityTable,
  type ValidityTexts,
} from './validity-rows';

/** A row's own columns: all but the key, the customer, the contract and the days of validity. */
type OwnColumnsOf<T extends ValidityTable> = Omit<
  NewRowOf<T>,
  'id' | 'customerId' | 'contractId' | 'gueltigVon' | 'gueltigBis'
>;

/** What one kind of validity rows (billing addresses, bank details) has of its own. */
export interface ValidityKind<
  T extends ValidityTable,
  Entity,
  Input extends { gueltigVon: string },
  Action extends string,
> {
  table: T;
  /**
   * The contract's input schema for a day of tomorrow (the form's resolver too): the route
   * parsed the body's shape, the service parses it again with tomorrow by the server's clock.
   */
  inputSchema: (tomorrow: string) => z.ZodType<Input>;
  toEntity: (row: RowOf<T>) => Entity;
  texts: ValidityTexts & {
    /** Spec §8.5: no row is valid today. */
    noCurrent: string;
    /** A refused input without a field message of its own. */
    saveFailed: string;
  };
  /**
   * The row's own columns for an input. A check that refuses it (400) throws here, before the
   * date is checked and before anything is written; what needs the transaction and the locked
   * customer (a new mandate reference) the returned function adds.
   */
  columns: (
    input: Input,
  ) => (tx: Executor, customer: LockedCustomer) => OwnColumnsOf<T> | Promise<OwnColumnsOf<T>>;
  /** The audit row of each change, written in the change's transaction. */
  audit: {
    write: (
      tx: Executor,
      customerId: number,
      action: Action,
      details: Record<string, unknown>,
    ) => Promise<void>;
    created: Action;
    deleted: Action;
    ended: Action;
  };
  /** The change feed's entry of each change, written beside the audit row. */
  feed: (daten: {
    aktion: ValidityChangeAction;
    datensatz: Entity;
    vorheriger: { id: number; gueltigBis: string | null } | null;
  }) => ChangeFeedData;
}

/**
 * The rules of validity rows (spec §4.3), the same for every kind: a row is valid from a day
 * (tomorrow at the earliest) through an optional last day; a new row ends the one it replaces;
 * a row that lies ahead may be deleted, a valid one only ended; nothing else is overwritten.
 */
export function createValidityService<
  T extends ValidityTable,
  Entity,
  Input extends { gueltigVon: string },
  Action extends string,
>(db: Database, now: () => Date, kind: ValidityKind<T, Entity, Input, Action>) {
  const store = validityStore(kind.table);
  const { toEntity, texts, audit } = kind;

  async function list(customerId: number, contractId: number | null): Promise<Entity[]> {
    return (await store.list(db, customerId, contractId)).map(toEntity);
  }
  return {
    list,
    /** General and contract-specific rows: the overview's hints need both. */
    async listAll(customerId: number): Promise<Entity[]> {
      return (await store.listAll(db, customerId)).map(toEntity);
    },
    async current(customerId: number, contractId: number | null): Promise<Entity> {
      const rows = await store.list(db, customerId, contractId);
      return toEntity(validOnOrNotFound(rows, berlinDayOf(now()), texts.noCurrent));
    },

    async create(customerId: number, contractId: number | null, body: Input): Promise<Entity> {
      // The route parsed the shape; the rules run again here so that no caller can skip them.
      const input: Input = parseInput(
        kind.inputSchema(berlinDayOf(now(), 1)),
        body,
        texts.saveFailed,
      );
      const ownColumns = kind.columns(input);
      const row = await db.transaction(async (tx) => {
        const { row, replaced } = await insertReplacing(
          tx,
          store,
          { customerId, contractId },
          input.gueltigVon,
          texts,
          async (gueltigBis, customer) =>
            store.insert(tx, {
              ...(await ownColumns(tx, customer)),
              customerId,
              contractId,
              gueltigVon: input.gueltigVon,
              gueltigBis,
            } as NewRowOf<T>),
        );
        await audit.write(tx, customerId, audit.created, {
          id: row.id,
          vertragId: contractId,
          neu: toEntity(row),
          beendet: replaced ? { id: replaced.id, gueltigBisVorher: replaced.gueltigBis } : null,
        });
        await recordChange(
          tx,
          { customerId, contractId },
          kind.feed({
            aktion: 'ANGELEGT',
            datensatz: toEntity(row),
            vorheriger: replaced
              ? { id: replaced.id, gueltigBis: dayBefore(input.gueltigVon) }
              : null,
          }),
        );
        return row;
      });
      return toEntity(row);
    },

    async deleteOrEnd(
      customerId: number,
      contractId: number,
      rowId: number,
      action: ValidityAction,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const { before, after, reopened } = await deleteOrEnd(
          tx,
          store,
          { customerId, contractId },
          rowId,
          action,
          berlinDayOf(now()),
          texts,
        );
        await audit.write(tx, customerId, action === 'loeschen' ? audit.deleted : audit.ended, {
          id: rowId,
          vertragId: contractId,
          alt: toEntity(before),
          neu: after && toEntity(after),
        });
        await recordChange(
          tx,
          { customerId, contractId },
          kind.feed({
            aktion: action === 'loeschen' ? 'GELOESCHT' : 'BEENDET',
            datensatz: toEntity(after ?? before),
            vorheriger: reopened ?? null,
          }),
        );
      });
    },
  };
}

export type ValidityService<Entity, Input> = {
  list(customerId: number, contractId: number | null): Promise<Entity[]>;
  listAll(customerId: number): Promise<Entity[]>;
  current(customerId: number, contractId: number | null): Promise<Entity>;
  create(customerId: number, contractId: number | null, body: Input): Promise<Entity>;
  deleteOrEnd(
    customerId: number,
    contractId: number,
    rowId: number,
    action: ValidityAction,
  ): Promise<void>;
};
