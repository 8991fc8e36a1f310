import {
  deriveContractStatus,
  cancellationInputSchema,
  earliestCancellationDate,
  Messages,
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
import { parseInput } from '../../lib/parse-input';
import { recordChange } from '../../db/change-feed';
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
      body: CancellationInput,
    ): Promise<Contract> {
      const status = deriveContractStatus(contract);
      if (status === 'GEKUENDIGT') throw new HttpError(409, ALREADY_CANCELLED_MESSAGE);
      if (status !== 'AKTIV') throw new HttpError(409, NOT_ACTIVE_MESSAGE);
      // The form's schema with the same earliest day (the holidays, by the server's clock).
      const earliest = earliestCancellationDate(berlinDayOf(config.now()), isHoliday);
      const { grund, datum, text } = parseInput(
        cancellationInputSchema(earliest),
        body,
        Messages.unknownError,
      );
      await db.transaction(async (tx) => {
        const done = await repo.markCancelled(tx, contract.id, {
          datum,
          grund,
          text: text ?? null,
          at: config.now(),
        });
        if (!done) throw new HttpError(409, ALREADY_CANCELLED_MESSAGE);
        await writeAudit(tx, customerId, 'VERTRAG_GEKUENDIGT', {
          vertragId: contract.id,
          grund,
          datum,
        });
        await recordChange(
          tx,
          { customerId, contractId: contract.id },
          { typ: 'KUENDIGUNG', daten: { grund, lieferende: datum, text: text ?? null } },
        );
      });
      return toContract({ ...contract, gewuenschtesLieferende: datum });
    },
  };
}

export type ContractService = ReturnType<typeof createContractService>;
