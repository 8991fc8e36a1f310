import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReadingSchema, type CreateReadingInput } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';

export async function createReading(contractId: number, input: CreateReadingInput) {
  const { body } = await apiRequest(`/vertrag/${contractId}/ablesungen`, {
    method: 'POST',
    body: input,
  });
  return ReadingSchema.parse(body);
}

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
