import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerSchema, type UpdateContactInput } from '@kundenportal/contract';
import { apiRequest } from '../../../lib/api-client';

export const updateContact = async (input: UpdateContactInput) =>
  CustomerSchema.parse(
    (await apiRequest('/anschlussnutzer/kontaktdatenAktualisieren', { method: 'PUT', body: input }))
      .body,
  );

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (customer) => queryClient.setQueryData(['customer'], customer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customer'], exact: true }),
  });
}
