import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancellationInput } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';

export const cancelContract = (id: number, input: CancellationInput) =>
  apiRequest(`/vertrag/${id}/kuendigen`, { method: 'POST', body: input });

export function useCancelContract(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancellationInput) => cancelContract(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['contracts', id] }),
  });
}
