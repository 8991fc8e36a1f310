import { useState } from 'react';
import { formatDate, ValidityMessages, type BillingAddress } from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { ConfirmButton } from '../../../ui/confirm-button';
import { useDeleteOrEndAddress } from '../api/addresses';
import { AddressBlock } from './address-list';

/** A contract's addresses, each with "löschen" while it lies ahead, else "beenden" (spec §4.3). */
export function ContractAddressRows({
  contractId,
  addresses,
}: {
  contractId: number;
  addresses: BillingAddress[];
}) {
  const mutation = useDeleteOrEndAddress(contractId);
  const [done, setDone] = useState<string>();
  const [lastAction, setLastAction] = useState<'loeschen' | 'beenden'>('loeschen');
  const today = todayInGermany();
  return (
    <>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {mutation.error instanceof ApiError && mutation.error.status === 404
            ? lastAction === 'loeschen'
              ? ValidityMessages.addressNotDeleted
              : ValidityMessages.addressNotEnded
            : errorMessage(mutation.error, ValidityMessages.actionFailed)}
        </Alert>
      )}
      {done && !mutation.isError && <Alert tone="success">{done}</Alert>}
      {addresses.length === 0 && <p>Für diesen Vertrag sind keine Rechnungsadressen hinterlegt.</p>}
      <ul className="plain-list">
        {addresses.map((address) => {
          const future = address.gueltigVon > today;
          const ended = address.gueltigBis !== null && address.gueltigBis <= today;
          return (
            <li key={address.id} className="row-with-action">
              <div>
                <AddressBlock address={address} />
              </div>
              {!ended && (
                <ConfirmButton
                  label={future ? 'Rechnungsadresse löschen' : 'Rechnungsadresse beenden'}
                  detail={`(gültig ab ${formatDate(address.gueltigVon)})`}
                  question={future ? 'Wirklich löschen?' : 'Wirklich beenden?'}
                  pending={mutation.isPending}
                  onConfirm={() => {
                    const action = future ? 'loeschen' : 'beenden';
                    setDone(undefined);
                    setLastAction(action);
                    mutation.mutate(
                      { row: address, action },
                      {
                        onSuccess: () =>
                          setDone(
                            future
                              ? 'Die Rechnungsadresse wurde gelöscht.'
                              : 'Die Rechnungsadresse wurde beendet.',
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
