import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReadingSchema, type CreateReadingInput } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';

/** `schluessel`, the reading's Idempotency-Key: the same reading sent again is stored once. */
export const createReading = (contractId: number, input: CreateReadingInput, schluessel: string) =>
  apiSend(
    `/vertrag/${contractId}/ablesungen`,
    { method: 'POST', body: input, headers: { 'idempotency-key': schluessel } },
    ReadingSchema,
  );

/** A stored reading changes the contract's readings, last reading and consumption. */
export function useCreateReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      contractId,
      input,
      schluessel,
    }: {
      contractId: number;
      input: CreateReadingInput;
      schluessel: string;
    }) => createReading(contractId, input, schluessel),
    onSuccess: (_, { contractId }) =>
      queryClient.invalidateQueries({ queryKey: ['contracts', contractId] }),
  });
}
