import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContractSchema, type CancellationInput } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';

/** Answers the contract as it is after the cancellation (GEKUENDIGT). */
export async function cancelContract(id: number, input: CancellationInput) {
  const { body } = await apiRequest(`/vertrag/${id}/kuendigen`, { method: 'POST', body: input });
  return ContractSchema.parse(body);
}

export function useCancelContract(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancellationInput) => cancelContract(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['contracts', id] }),
  });
}
