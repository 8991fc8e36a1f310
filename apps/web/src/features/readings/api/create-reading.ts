import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReadingSchema, type CreateReadingInput } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';

export const createReading = (contractId: number, input: CreateReadingInput) =>
  apiSend(`/vertrag/${contractId}/ablesungen`, { method: 'POST', body: input }, ReadingSchema);

/** A stored reading changes the contract's readings, last reading and consumption. */
export function useCreateReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, input }: { contractId: number; input: CreateReadingInput }) =>
      createReading(contractId, input),
    onSuccess: (_, { contractId }) =>
      queryClient.invalidateQueries({ queryKey: ['contracts', contractId] }),
  });
}
