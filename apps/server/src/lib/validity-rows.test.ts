import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, newCustomer } from '../../test/rows';
import type { bankDetails } from '../db/schema/index';
import { HttpError } from './http-error';
import { deleteOrEnd, insertReplacing, type RowOf, type ValidityStore } from './validity-rows';

interface Row {
  id: number;
  gueltigVon: string;
  gueltigBis: string | null;
}

const TEXTS = {
  subject: 'Die Bankverbindung',
  notFound: 'Die Bankverbindung wurde nicht gefunden.',
};
const TODAY = '2026-11-22';

type BankRow = RowOf<typeof bankDetails>;

/**
 * Validity rows in memory, standing in for a table's (only the days of validity matter to the
 * rules); the customer's lock is taken in the real database.
 */
function memoryStore(initial: Row[]) {
  const rows = initial.map((row) => ({ ...row }));
  const copies = async () => rows.map((row) => ({ ...row }) as BankRow);
  const store = {
    list: copies,
    listAll: copies,
    insert: () => Promise.reject(new Error('the rules insert through their callback')),
    setUntil: async (_, id, gueltigBis) => {
      rows.find((row) => row.id === id)!.gueltigBis = gueltigBis;
    },
    remove: async (_, id) => {
      rows.splice(
        rows.findIndex((row) => row.id === id),
        1,
      );
    },
  } as ValidityStore<typeof bankDetails>;
  return { rows, store };
}

describe('validity rows (spec §4.3)', () => {
  let handle: Awaited<ReturnType<typeof emptyDatabase>>;
  let scope: { customerId: number; contractId: null };

  beforeAll(async () => {
    handle = await emptyDatabase();
    scope = { customerId: (await newCustomer(handle.db)).customerId, contractId: null };
  });
  afterAll(() => handle.close());

  const error = async (work: Promise<unknown>) => {
    const thrown = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(thrown).toBeInstanceOf(HttpError);
    const { statusCode, message, felder } = thrown as HttpError;
    return { statusCode, message, felder };
  };

  describe('insertReplacing', () => {
    const insert = (initial: Row[], from: string) => {
      const memory = memoryStore(initial);
      const inserted: (string | null)[] = [];
      const result = insertReplacing(handle.db, memory.store, scope, from, TEXTS, async (bis) => {
        inserted.push(bis);
        const row = { id: 99, gueltigVon: from, gueltigBis: bis };
        memory.rows.push(row);
        return row as BankRow;
      });
      return { memory, inserted, result };
    };

    it('ends the row valid on the new day the day before and inserts the new one', async () => {
      const { memory, inserted, result } = insert(
        [{ id: 1, gueltigVon: '2020-01-01', gueltigBis: null }],
        '2026-12-01',
      );
      expect(await result).toEqual({
        row: { id: 99, gueltigVon: '2026-12-01', gueltigBis: null },
        replaced: { id: 1, gueltigVon: '2020-01-01', gueltigBis: null },
      });
      expect(inserted).toEqual([null]);
      expect(memory.rows[0]).toEqual({ id: 1, gueltigVon: '2020-01-01', gueltigBis: '2026-11-30' });
    });

    it('ends the new row before a later one, replacing nothing when none is valid', async () => {
      const { memory, inserted, result } = insert(
        [{ id: 2, gueltigVon: '2027-01-01', gueltigBis: null }],
        '2026-12-01',
      );
      expect((await result).replaced).toBeUndefined();
      expect(inserted).toEqual(['2026-12-31']);
      expect(memory.rows[0]!.gueltigBis).toBeNull();
    });

    it('refuses a second row from the same day with 409 at gueltigVon, writing nothing', async () => {
      const { memory, inserted, result } = insert(
        [{ id: 1, gueltigVon: '2026-12-01', gueltigBis: null }],
        '2026-12-01',
      );
      const message =
        'Die Bankverbindung mit diesem Datum „gültig ab“ ist bereits hinterlegt. Bitte wählen Sie ein anderes Datum.';
      expect(await error(result)).toEqual({
        statusCode: 409,
        message,
        felder: { gueltigVon: message },
      });
      expect(inserted).toEqual([]);
      expect(memory.rows).toEqual([{ id: 1, gueltigVon: '2026-12-01', gueltigBis: null }]);
    });
  });

  describe('deleteOrEnd', () => {
    const rows: Row[] = [
      { id: 1, gueltigVon: '2020-01-01', gueltigBis: '2026-11-30' },
      { id: 2, gueltigVon: '2026-12-01', gueltigBis: '2026-12-31' },
      { id: 3, gueltigVon: '2027-01-01', gueltigBis: null },
      { id: 4, gueltigVon: '2019-01-01', gueltigBis: '2019-12-31' },
    ];
    const run = (id: number, action: 'loeschen' | 'beenden', initial = rows) => {
      const memory = memoryStore(initial);
      return {
        memory,
        result: deleteOrEnd(handle.db, memory.store, scope, id, action, TODAY, TEXTS),
      };
    };

    it('ends a row valid today on today', async () => {
      const { memory, result } = run(1, 'beenden');
      expect(await result).toEqual({
        before: rows[0],
        after: { ...rows[0], gueltigBis: TODAY },
      });
      expect(memory.rows[0]!.gueltigBis).toBe(TODAY);
      expect(memory.rows.slice(1)).toEqual(rows.slice(1));
    });

    it('deletes a future row and makes its predecessor valid again as long as it was', async () => {
      const { memory, result } = run(2, 'loeschen');
      // The predecessor valid again is named: the change feed's entry carries it (vorheriger).
      expect(await result).toEqual({
        before: rows[1],
        after: null,
        reopened: { id: 1, gueltigBis: '2026-12-31' },
      });
      expect(memory.rows).toEqual([
        { id: 1, gueltigVon: '2020-01-01', gueltigBis: '2026-12-31' },
        rows[2],
        rows[3],
      ]);
    });

    it('deletes a future row without a predecessor, touching no other row', async () => {
      const { memory, result } = run(3, 'loeschen', [rows[2]!, rows[3]!]);
      expect(await result).toEqual({ before: rows[2], after: null });
      expect(memory.rows).toEqual([rows[3]]);
    });

    it('refuses the other action with 409 and a German message', async () => {
      expect(await error(run(2, 'beenden').result)).toEqual({
        statusCode: 409,
        message: 'Die Bankverbindung ist noch nicht gültig und kann nur gelöscht werden.',
        felder: undefined,
      });
      expect(await error(run(1, 'loeschen').result)).toEqual({
        statusCode: 409,
        message: 'Die Bankverbindung ist bereits gültig und kann nur beendet werden.',
        felder: undefined,
      });
      for (const action of ['loeschen', 'beenden'] as const) {
        const { memory, result } = run(4, action);
        expect(await error(result)).toEqual({
          statusCode: 409,
          message: 'Die Bankverbindung ist bereits beendet.',
          felder: undefined,
        });
        expect(memory.rows).toEqual(rows);
      }
    });

    it('answers 404 with the entity’s message for a row of someone else', async () => {
      expect(await error(run(7, 'loeschen').result)).toEqual({
        statusCode: 404,
        message: TEXTS.notFound,
        felder: undefined,
      });
    });
  });
});
