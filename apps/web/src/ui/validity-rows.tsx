import { useState, type ReactNode } from 'react';
import { formatDate, ValidityMessages } from '@kundenportal/contract';
import { ApiError, errorMessage } from '../lib/api-client';
import { todayInGermany } from '../lib/today';
import {
  useDeleteOrEndValidityRow,
  type ValidityAction,
  type ValidityApi,
} from '../lib/validity-api';
import { Alert } from './alert';
import { ConfirmButton } from './confirm-button';

export interface Validity {
  gueltigVon: string;
  gueltigBis: string | null;
  vertragId: number | null;
}

/**
 * One kind of validity rows (billing addresses, bank details) on the screen: its calls, what its
 * rows are called (both kinds are feminine, "die …") and how one row shows.
 */
export interface ValidityKind<Row extends Validity, Input> {
  api: ValidityApi<Row, Input>;
  names: {
    /** "Rechnungsadresse", "Bankverbindung". */
    one: string;
    /** "Rechnungsadressen", "Bankverbindungen". */
    many: string;
    /** The server's 404 for a row that is gone, per action. */
    notDeleted: string;
    notEnded: string;
  };
  show: (row: Row) => ReactNode;
}

/** Read only: each row, optionally with the contracts it is for; the empty text without rows. */
export function ValidityList<Row extends Validity, Input>({
  kind,
  rows,
  emptyText,
  showScope = false,
}: {
  kind: ValidityKind<Row, Input>;
  rows: Row[];
  emptyText: string;
  /** "Für alle Verträge" or "Nur für Vertrag …" above each row. */
  showScope?: boolean;
}) {
  if (rows.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="plain-list">
      {rows.map((row) => (
        <li key={kind.api.endpoints.rowId(row)}>
          {showScope && (
            <p className="muted">
              {row.vertragId === null ? 'Für alle Verträge' : `Nur für Vertrag ${row.vertragId}`}
            </p>
          )}
          {kind.show(row)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A contract's rows, each with "löschen" while it lies ahead, else "beenden" (spec §4.3), asked
 * twice (spec §2.5); a row that has ended has no action.
 */
export function ValidityRows<Row extends Validity, Input>({
  kind: { api, names, show },
  contractId,
  rows,
}: {
  kind: ValidityKind<Row, Input>;
  contractId: number;
  rows: Row[];
}) {
  const mutation = useDeleteOrEndValidityRow(api, contractId);
  const [done, setDone] = useState<string>();
  const [lastAction, setLastAction] = useState<ValidityAction>('loeschen');
  const today = todayInGermany();
  return (
    <>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {mutation.error instanceof ApiError && mutation.error.status === 404
            ? lastAction === 'loeschen'
              ? names.notDeleted
              : names.notEnded
            : errorMessage(mutation.error, ValidityMessages.actionFailed)}
        </Alert>
      )}
      {done && !mutation.isError && <Alert tone="success">{done}</Alert>}
      {rows.length === 0 && <p>{`Für diesen Vertrag sind keine ${names.many} hinterlegt.`}</p>}
      <ul className="plain-list">
        {rows.map((row) => {
          const future = row.gueltigVon > today;
          const ended = row.gueltigBis !== null && row.gueltigBis <= today;
          return (
            <li key={api.endpoints.rowId(row)} className="row-with-action">
              <div>{show(row)}</div>
              {!ended && (
                <ConfirmButton
                  label={`${names.one} ${future ? 'löschen' : 'beenden'}`}
                  detail={`(gültig ab ${formatDate(row.gueltigVon)})`}
                  question={future ? 'Wirklich löschen?' : 'Wirklich beenden?'}
                  pending={mutation.isPending}
                  onConfirm={() => {
                    const action = future ? 'loeschen' : 'beenden';
                    setDone(undefined);
                    setLastAction(action);
                    mutation.mutate(
                      { row, action },
                      {
                        onSuccess: () =>
                          setDone(`Die ${names.one} wurde ${future ? 'gelöscht' : 'beendet'}.`),
                      },
                    );
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
