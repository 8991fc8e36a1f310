import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { Spinner } from '../../../ui/spinner';
import { currentAddressQueryOptions, startingAddressQueryOptions } from '../api/addresses';
import { AddressForm } from './address-form';

const isNone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The form, starting from the current address (spec §2.4): the contract's, else the
 * customer's, else empty. When the current address cannot be loaded it goes back.
 */
export function AddressEdit({
  contractId,
  onDone,
}: {
  contractId: number | null;
  onDone: () => Promise<void> | void;
}) {
  const own = useQuery(startingAddressQueryOptions(contractId));
  const general = useQuery({
    ...currentAddressQueryOptions(),
    enabled: contractId !== null && isNone(own.error),
  });
  const failed = (own.isError && !isNone(own.error)) || (general.isError && !isNone(general.error));
  useEffect(() => {
    if (failed) window.history.back();
  }, [failed]);

  const waiting =
    own.isPending || (contractId !== null && isNone(own.error) && general.isPending) || failed;
  if (waiting) return <Spinner />;
  return <AddressForm contractId={contractId} current={own.data ?? general.data} onDone={onDone} />;
}
