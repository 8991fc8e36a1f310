import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContractSchema, type CancellationInput } from '@kundenportal/contract';
import { apiSend } from '../../../lib/api-client';

/** Answers the contract as it is after the cancellation (GEKUENDIGT). */
export const cancelContract = (id: number, input: CancellationInput) =>
  apiSend(`/vertrag/${id}/kuendigen`, { method: 'POST', body: input }, ContractSchema);

export function useCancelContract(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancellationInput) => cancelContract(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['contracts', id] }),
  });
}
