import { useState } from 'react';
import { formatDate, ValidityMessages, type BankDetails } from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { ConfirmButton } from '../../../ui/confirm-button';
import { useDeleteOrEndBankDetails } from '../api/bank-details';
import { BankDetailsFacts } from './bank-details-list';

/** A contract's bank details, each with "löschen" while it lies ahead, else "beenden" (spec §4.3). */
export function ContractBankRows({
  contractId,
  details,
}: {
  contractId: number;
  details: BankDetails[];
}) {
  const mutation = useDeleteOrEndBankDetails(contractId);
  const [done, setDone] = useState<string>();
  const [lastAction, setLastAction] = useState<'loeschen' | 'beenden'>('loeschen');
  const today = todayInGermany();
  return (
    <>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {mutation.error instanceof ApiError && mutation.error.status === 404
            ? lastAction === 'loeschen'
              ? ValidityMessages.bankNotDeleted
              : ValidityMessages.bankNotEnded
            : errorMessage(mutation.error, ValidityMessages.actionFailed)}
        </Alert>
      )}
      {done && !mutation.isError && <Alert tone="success">{done}</Alert>}
      {details.length === 0 && <p>Für diesen Vertrag sind keine Bankverbindungen hinterlegt.</p>}
      <ul className="plain-list">
        {details.map((entry) => {
          const future = entry.gueltigVon > today;
          const ended = entry.gueltigBis !== null && entry.gueltigBis <= today;
          return (
            <li key={entry.bankverbindungId} className="row-with-action">
              <div>
                <BankDetailsFacts entry={entry} />
              </div>
              {!ended && (
                <ConfirmButton
                  label={future ? 'Bankverbindung löschen' : 'Bankverbindung beenden'}
                  detail={`(gültig ab ${formatDate(entry.gueltigVon)})`}
                  question={future ? 'Wirklich löschen?' : 'Wirklich beenden?'}
                  pending={mutation.isPending}
                  onConfirm={() => {
                    const action = future ? 'loeschen' : 'beenden';
                    setDone(undefined);
                    setLastAction(action);
                    mutation.mutate(
                      { row: entry, action },
                      {
                        onSuccess: () =>
                          setDone(
                            future
                              ? 'Die Bankverbindung wurde gelöscht.'
                              : 'Die Bankverbindung wurde beendet.',
                          ),
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
