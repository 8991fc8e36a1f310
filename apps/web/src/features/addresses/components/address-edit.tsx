import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BillingAddress } from '@kundenportal/contract';
import { ApiError } from '../../../lib/api-client';
import { SkeletonForm } from '../../../ui/skeleton';
import { useDrawnInSlices } from '../../../ui/use-drawn-in-slices';
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

  // The starting point is taken once. A later refetch of these queries (a contract without an
  // address of its own has none to keep while it reloads) must never swap the form for the
  // skeleton: that would throw away what the customer typed and the server's answer.
  const [start, setStart] = useState<{ address: BillingAddress | undefined }>();
  const waiting =
    own.isPending || (contractId !== null && isNone(own.error) && general.isPending) || failed;
  if (!start && !waiting) setStart({ address: own.data ?? general.data });
  const drawn = useDrawnInSlices(start !== undefined);
  if (!start || !drawn) return <SkeletonForm fields={6} />;
  return <AddressForm contractId={contractId} current={start.address} onDone={onDone} />;
}
