import {
  deriveContractStatus,
  earliestCancellationDate,
  cancellationTooEarlyMessage,
  KundenArten,
  type CancellationInput,
  type Contract,
  type HolidayTest,
  berlinDayOf,
} from '@kundenportal/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ContractRow } from '../../db/schema/index';
import { writeAudit } from '../audit/repo';
import * as repo from './repo';

const ALREADY_CANCELLED_MESSAGE = 'Dieser Vertrag ist bereits gekündigt.';
const NOT_ACTIVE_MESSAGE = 'Nur aktive Verträge können gekündigt werden.';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toContract(row: ContractRow): Contract {
  return {
    id: row.id,
    versorgungsart: row.versorgungsart,
    anmeldungsart: row.anmeldungsart,
    lieferbeginn: row.lieferbeginn,
    gewuenschterLieferbeginn: row.gewuenschterLieferbeginn,
    lieferende: row.lieferende,
    gewuenschtesLieferende: row.gewuenschtesLieferende,
    storniert: row.storniert,
    lieferadresse: { strasse: row.strasse, hausnummer: row.hausnummer, plz: row.plz, ort: row.ort },
    kundenArt: oneOf(KundenArten, row.kundenArt, 'Haushaltskunde'),
    status: deriveContractStatus(row),
  };
}

export function createContractService(db: Database, config: AppConfig, isHoliday: HolidayTest) {
  return {
    /** Spec §5 and docs/architecture.md: only AKTIV, not before the second working day after today. */
    async cancel(
      customerId: number,
      contract: ContractRow,
      input: CancellationInput,
    ): Promise<void> {
      const status = deriveContractStatus(contract);
      if (status === 'GEKUENDIGT') throw new HttpError(409, ALREADY_CANCELLED_MESSAGE);
      if (status !== 'AKTIV') throw new HttpError(409, NOT_ACTIVE_MESSAGE);
      const earliest = earliestCancellationDate(berlinDayOf(config.now()), isHoliday);
      if (input.datum < earliest) {
        const message = cancellationTooEarlyMessage(earliest);
        throw new HttpError(400, message, { datum: message });
      }
      await db.transaction(async (tx) => {
        const done = await repo.markCancelled(tx, contract.id, {
          datum: input.datum,
          grund: input.grund,
          text: input.text || null,
          at: config.now(),
        });
        if (!done) throw new HttpError(409, ALREADY_CANCELLED_MESSAGE);
        await writeAudit(tx, customerId, 'VERTRAG_GEKUENDIGT', {
          vertragId: contract.id,
          grund: input.grund,
          datum: input.datum,
        });
      });
    },
  };
}

export type ContractService = ReturnType<typeof createContractService>;
